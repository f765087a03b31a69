#if canImport(Glibc)
import Glibc
#endif
import CLinux
import FoundationEssentials
import HTTPServer
import SpinnerService
import Concurrency

/// `spinnerd serve [--port …]`: runs the HTTP service until SIGTERM or SIGINT, then drains
/// (stops accepting, finishes responses in flight) and exits 0.
enum ServeCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let parsed: ServeSettings
        switch ServeOptions.parse(arguments, environment: ProcessInfo.processInfo.environment) {
        case .success(let options): parsed = options
        case .failure(let error):
            Console.error("spinnerd serve: \(error.message)\n" + Usage.hint)
            return 2
        }
        // Render threads allocate and free a few megabytes per frame (Cairo surfaces,
        // libwebp's encoder state): the heap is tuned for that (`spinnerd_tune_heap`).
        let padded = spinnerd_tune_heap() != 0
        // Descriptors first: the connection limits and the cache's body files share them.
        let plan = DescriptorPlan(limit: DescriptorPlan.raiseDescriptorLimit(), eventLoops: parsed.eventLoops, admin: parsed.adminPort != nil)
        // Then memory: under a limit (the cgroup's, wherever the process runs, or
        // --memory-limit) the cache and the renders' working memory fit it; a limit too small
        // for the largest render the API admits is refused here rather than served as a
        // smaller API.
        let options = parsed.settled(by: plan, cgroup: CgroupMemoryLimit.find())
        // Every line from here on in the asked format (JSON: one object a line, with its level).
        let events = EventLog(level: options.logLevel, format: options.logFormat)
        if let memory = options.memory, let refusal = memory.refusal {
            events.write(.error, "serve: \(refusal) (the limit is from \(options.memorySource ?? "?"))", always: true)
            return 1
        }
        let allWarnings = options.warnings + (padded ? [] : ["mallopt(M_TOP_PAD) failed: render threads will page-fault more (slower renders)"])
        for warning in allWarnings { events.write(.warn, warning) }
        // Block the stop signals before any thread starts, so every thread inherits the
        // mask and only sigwait below receives them. A (never run) handler is installed
        // too: as PID 1 in a container, a signal left at its default action is dropped.
        signal(SIGTERM) { _ in }
        signal(SIGINT) { _ in }
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

        let transport = TransportHandle()
        // Weak: the server holds the service, which holds this closure; a strong capture of
        // the handle (which holds the server) would be a cycle that outlives `run`.
        let service = SpinnerService(configuration: options.service,
                                     transportStatistics: { [weak transport] in transport?.statistics ?? TransportStatistics() },
                                     log: { message in events.write(.error, message) })
        // The access log: a line per answer the level asks for, a signature never whole.
        let accessLog = AccessLog(level: options.logLevel, format: options.logFormat, trusted: options.server.trustedProxies,
                                  redacting: [URLSigning.parameter])
        let server = HTTPServer(configuration: options.server, responder: service, accessLog: accessLog,
                                log: { message in events.write(.warn, message) })
        transport.server.withLock { $0 = server }
        let port: Int
        do {
            port = try server.start()
        } catch {
            events.write(.error, "serve: cannot listen on \(options.server.host):\(options.server.port): \(error)", always: true)
            return 1
        }
        // The operators' listener (metrics, health), when asked for; its answers are probes'
        // and scrapes' (logged at `debug`).
        var admin: (server: HTTPServer, port: Int)? = nil
        if let adminConfiguration = options.admin {
            let adminServer = HTTPServer(configuration: adminConfiguration, responder: AdminResponder(service: service), accessLog: accessLog,
                                         log: { message in events.write(.warn, "admin: \(message)") })
            do {
                admin = (adminServer, try adminServer.start())
            } catch {
                events.write(.error, "serve: cannot listen on \(adminConfiguration.host):\(adminConfiguration.port) (--admin-port): \(error)",
                             always: true)
                server.shutdown()
                server.wait()
                service.stop()
                return 1
            }
        }
        announce(options, port: port, adminPort: admin?.port, descriptors: plan.limit, to: events)
        if let path = options.readyFile,
           !writeReady(to: path, host: options.server.host, port: port, adminPort: admin?.port, events: events) {
            admin?.server.shutdown()
            admin?.server.wait()
            server.shutdown()
            server.wait()
            service.stop()
            return 1
        }
        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        events.write(.info, "received signal \(received), draining", [("signal", .number(Int(received)))], always: true)
        server.shutdown()
        server.wait()
        // Scrapes and probes are answered through the drain, and stop with it.
        admin?.server.shutdown()
        admin?.server.wait()
        let unfinished = service.stop()
        events.write(.info, "stopped" + (unfinished > 0 ? " (\(unfinished) final encodes left unfinished)" : ""),
                     [("unfinished_final_encodes", .number(unfinished))], always: true)
        return 0
    }
}

/// The server's counters for /metrics, readable once the server exists (the service is
/// made first, since the server needs it as its responder).
final class TransportHandle: Sendable {
    let server = Locked<HTTPServer?>(nil)
    var statistics: TransportStatistics { server.withLock { $0?.statistics } ?? TransportStatistics() }
}
