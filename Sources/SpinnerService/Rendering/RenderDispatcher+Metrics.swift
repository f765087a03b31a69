/// The render queue's state, read at each scrape: renders waiting and in flight, the
/// background work behind them, and the working memory they share under a limit.
extension RenderDispatcher: MetricsSource {
    func expose(into exposition: inout Exposition) {
        exposition.family("spinnerd_prerenders_pending", .gauge, "Default images still to render in the background.", prerendersPending)
        exposition.family("spinnerd_final_renders_pending", .gauge, "Final encodes waiting or running behind provisional answers.",
                          finalsPending)
        exposition.family("spinnerd_final_render_pauses_total", .counter,
                          "Times a final encode paused between frames while a render a visitor waits for ran.", finalPauses)
        if let memory = memory?.statistics {
            exposition.family("spinnerd_render_memory_capacity_bytes", .gauge, "Working memory the renders share under the memory limit.",
                              memory.capacity)
            exposition.family("spinnerd_render_memory_held_bytes", .gauge, "Working memory held by renders running now.", memory.held)
            exposition.family("spinnerd_render_memory_peak_bytes", .gauge, "The most working memory renders held at once.", memory.peak)
            exposition.family("spinnerd_render_memory_waiting", .gauge, "Renders waiting for working memory now.", memory.waiting)
            exposition.family("spinnerd_render_memory_waits_total", .counter, "Renders and final encodes that had to wait for working memory.",
                              memory.waited)
            exposition.family("spinnerd_render_memory_timeouts_total", .counter,
                              "Renders that waited for working memory until their wait limit (answered 503).", memory.timedOut)
        }
        let queued = self.queued
        exposition.family("spinnerd_render_queue_depth", .gauge, "Renders waiting for a thread, by lane.",
                          RenderLane.allCases.map { ("{lane=\"\($0.name)\"}", String(queued[$0] ?? 0)) })
        exposition.family("spinnerd_render_flights", .gauge, "Renders queued or running (each shared by every request for its image).",
                          inFlight)
    }
}
