import HTTPServer
import SpinnerService

extension ServeCommand {
    /// The start-up line: where the server listens and what it settled on. Written at every
    /// level but `none` (tests and tools find the port in it); in JSON, each figure is a
    /// field of its own as well (`port`, `admin_port`, `cache_bytes`, `max_connections`,
    /// `render_memory_bytes`, …).
    static func announce(_ options: ServeConfiguration, port: Int, adminPort: Int?, descriptors: Int, to events: EventLog) {
        let host = options.server.host, service = options.service, server = options.server
        var fields: [(String, EventLog.Value)] = [("version", .text(ServiceVersion.text)), ("host", .text(host)), ("port", .number(port))]
        if let adminPort { fields.append(("admin_port", .number(adminPort))) }
        fields += [("cache_bytes", .number(service.cacheBytes)), ("quick_workers", .number(service.lanes.quickWorkers)),
                   ("heavy_workers", .number(service.lanes.heavyWorkers)), ("event_loops", .number(server.eventLoops)),
                   ("max_connections", .number(server.maxConnections)),
                   ("max_connections_per_client", .number(server.maxConnectionsPerClient)), ("descriptors", .number(descriptors))]
        if let memory = options.memory {
            fields += [("memory_limit_bytes", .number(memory.limit)), ("render_memory_bytes", .number(memory.renderBytes))]
        }
        events.write(.info, "spinnerd \(ServiceVersion.text) listening on http://\(host):\(port) ("
                     + (adminPort.map { "metrics and health on http://\(host):\($0); " } ?? "")
                     + "cache \(service.cacheBytes) bytes, \(service.lanes.quickWorkers)+\(service.lanes.heavyWorkers) render threads, "
                     + "\(server.eventLoops) event loops, \(server.maxConnections) connections, "
                     + "\(server.maxConnectionsPerClient) per client, \(descriptors) descriptors"
                     + (options.memory.map {
                         ", memory limit \($0.limit >> 20) MiB from \(options.memorySource ?? "?"): renders share \($0.renderBytes >> 20) MiB"
                     } ?? "") + ")", fields, always: true, bare: true)
    }
}
