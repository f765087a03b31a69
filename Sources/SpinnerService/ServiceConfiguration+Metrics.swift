import SpinnerModel

/// The running build and the bounds it was started with, in `/metrics`.
extension ServiceConfiguration: MetricsSource {
    func expose(into exposition: inout Exposition) {
        exposition.family("spinnerd_build_info", .gauge, "The running build: its release version; always 1.",
                          [("{version=\"\(ServiceVersion.text)\"}", "1")])
        if let memoryLimit {
            exposition.family("spinnerd_memory_limit_bytes", .gauge, "The memory limit the process keeps to (its cgroup's, or --memory-limit).",
                              memoryLimit)
        }
        exposition.family("spinnerd_render_max_bytes", .gauge, "The most working memory one render may take (the render budget's bound).",
                          budget.maxRenderBytes)
    }
}
