#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import SpinnerService

/// `spinnerd serve` settings from flags, else the environment, else defaults.
struct ServeOptions {
    var server = HTTPServerConfiguration()
    var service = ServiceConfiguration()
    /// `info` logs every request; `warn` and `error` only problems; `none` nothing.
    var logLevel = "info"
    /// `--max-connections` when given; else derived from the descriptor limit.
    var maxConnections: Int?
    /// `--max-connections-per-client` when given; else an eighth of the connections, at most 256.
    var maxConnectionsPerClient: Int?
    /// `--gallery` when given: serve the gallery even in signed mode (where it is off by default).
    var galleryAsked: Bool?

    /// Parses `arguments` (`--port 8080` or `--port=8080`) over `environment`. Returns the
    /// problem text when something is invalid.
    static func parse(_ arguments: [String], environment: [String: String]) -> Result<ServeOptions, OptionError> {
        var options = ServeOptions()
        options.service.prerenderDefaults = true
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        options.service.lanes.quickWorkers = cores
        options.service.lanes.heavyWorkers = max(1, cores / 2)
        options.server.eventLoops = min(2, cores)
        var values: [String: String] = [:]
        let names: [String: String] = [
            "PORT": "port", "HOST": "host", "SPINNERD_CACHE_BYTES": "cache-bytes", "SPINNERD_WORKERS": "workers",
            "SPINNERD_HEAVY_WORKERS": "heavy-workers", "SPINNERD_HEAVY_QUEUE": "heavy-queue",
            "SPINNERD_HEAVY_RENDERS_PER_CLIENT": "heavy-renders-per-client", "SPINNERD_RENDER_TIMEOUT": "render-timeout",
            "SPINNERD_EVENT_LOOPS": "event-loops", "SPINNERD_RENDER_QUEUE": "render-queue", "SPINNERD_LOG_LEVEL": "log-level",
            "SPINNERD_REQUEST_TIMEOUT": "request-timeout", "SPINNERD_IDLE_TIMEOUT": "idle-timeout",
            "SPINNERD_MAX_CONNECTIONS": "max-connections", "SPINNERD_MAX_CONNECTIONS_PER_CLIENT": "max-connections-per-client",
            "SPINNERD_MAX_PIXEL_FRAMES": "max-pixel-frames",
            "SPINNERD_MAX_FRAMES": "max-frames", "SPINNERD_MAX_RENDER_SECONDS": "max-render-seconds",
            "SPINNERD_SIGNING_KEY": "signing-key", "SPINNERD_GALLERY": "gallery", "SPINNERD_ERROR_MAX_AGE": "error-max-age",
            "SPINNERD_PRERENDER": "prerender",
        ]
        for (variable, name) in names { if let value = environment[variable], !value.isEmpty { values[name] = value } }
        let words: OptionWords
        switch OptionWords.parse(arguments, switches: Self.switches, takesValue: nil) {
        case .success(let parsed): words = parsed
        case .failure(let error): return .failure(error)
        }
        if let word = words.rest.first { return .failure(OptionError("unexpected argument '\(word)'")) }
        values.merge(words.values) { _, given in given }
        for (name, value) in values {
            if let problem = options.apply(name, value) { return .failure(OptionError(problem)) }
        }
        // Signed mode exists to let only the operator's URLs be rendered; the playground
        // makes arbitrary ones, so it is off there unless asked for.
        options.service.gallery = options.galleryAsked ?? (options.service.signing == nil)
        return .success(options)
    }

    /// A switch's value: true/1/yes or false/0/no, any case; nil otherwise.
    static func truth(_ value: String) -> Bool? {
        ["true": true, "1": true, "yes": true, "false": false, "0": false, "no": false][value.lowercased()]
    }

    /// Options that take no value (`--gallery`, `--prerender`; `--gallery=false` turns one off).
    static let switches: Set<String> = ["gallery", "prerender"]

    private mutating func apply(_ name: String, _ value: String) -> String? {
        func integer(_ range: ClosedRange<Int>) -> Int? {
            guard let number = Int(value), range.contains(number) else { return nil }
            return number
        }
        func seconds() -> Int64? {
            guard let number = Double(value), number > 0, number <= 3600 else { return nil }
            return Int64(number * 1000)
        }
        switch name {
        case "port": guard let port = integer(0...65535) else { return "--port must be 0…65535" }; server.port = port
        case "host": guard !value.isEmpty else { return "--host must be an IPv4 address" }; server.host = value
        case "cache-bytes": guard let bytes = integer(0...(1 << 40)) else { return "--cache-bytes must be a byte count" }; service.cacheBytes = bytes
        case "workers": guard let count = integer(1...256) else { return "--workers must be 1…256" }; service.lanes.quickWorkers = count
        case "heavy-workers": guard let count = integer(1...256) else { return "--heavy-workers must be 1…256" }; service.lanes.heavyWorkers = count
        case "heavy-queue": guard let count = integer(0...10_000) else { return "--heavy-queue must be 0…10000" }; service.lanes.heavyQueue = count
        case "heavy-renders-per-client":
            guard let count = integer(0...10_000) else { return "--heavy-renders-per-client must be 0 (no limit) or more" }
            service.lanes.heavyPerClient = count
        case "render-timeout": guard let time = seconds() else { return "--render-timeout must be seconds" }; service.renderTimeoutMilliseconds = time
        case "event-loops": guard let count = integer(1...64) else { return "--event-loops must be 1…64" }; server.eventLoops = count
        case "render-queue": guard let count = integer(1...100_000) else { return "--render-queue must be 1…100000" }; service.lanes.quickQueue = count
        case "max-connections": guard let count = integer(1...1_000_000) else { return "--max-connections must be positive" }; maxConnections = count
        case "max-connections-per-client":
            guard let count = integer(0...1_000_000) else { return "--max-connections-per-client must be 0 (no limit) or more" }
            maxConnectionsPerClient = count
        case "request-timeout": guard let time = seconds() else { return "--request-timeout must be seconds" }; server.requestTimeout = time
        case "idle-timeout": guard let time = seconds() else { return "--idle-timeout must be seconds" }; server.idleTimeout = time
        case "max-pixel-frames":
            guard let count = integer(1...1_000_000_000) else { return "--max-pixel-frames must be positive" }
            service.budget.maxPixelFrames = count
        case "max-frames": guard let count = integer(1...100_000) else { return "--max-frames must be positive" }; service.budget.maxFrames = count
        case "max-render-seconds":
            guard let number = Double(value), number > 0, number <= 3600 else { return "--max-render-seconds must be seconds" }
            service.budget.maxRenderSeconds = number
        case "signing-key":
            guard let signing = URLSigning(list: value) else {
                return "--signing-key must be one or more comma-separated keys of at least \(URLSigning.minimumKeyLength) bytes"
            }
            service.signing = signing
        case "gallery":
            guard let on = Self.truth(value) else { return "--gallery takes no value, or true/false" }
            galleryAsked = on
        case "prerender":
            guard let on = Self.truth(value) else { return "--prerender takes no value, or true/false" }
            service.prerenderDefaults = on
        case "error-max-age":
            guard let seconds = integer(0...86_400) else { return "--error-max-age must be 0…86400 seconds" }
            service.errorMaxAgeSeconds = seconds
        case "log-level":
            guard ["info", "warn", "error", "none"].contains(value) else { return "--log-level must be info, warn, error or none" }
            logLevel = value
        default: return "unknown option --\(name)"
        }
        return nil
    }
}

extension ServeOptions {
    /// The options with the connection limits settled by `plan`: what was not given is
    /// derived from it, and what was given beyond it is kept with a warning.
    func settled(by plan: DescriptorPlan) -> (options: ServeOptions, warnings: [String]) {
        var settled = self
        var warnings: [String] = []
        let connections = maxConnections ?? plan.connections
        if connections > plan.connections {
            warnings.append("--max-connections \(connections) is more than \(plan.limit) descriptors allow (\(plan.connections)); "
                            + "past that, clients are refused with 503 through a spare descriptor")
        }
        settled.server.maxConnections = connections
        settled.server.maxConnectionsPerClient = maxConnectionsPerClient ?? min(256, max(8, connections / 8))
        settled.server.refusalSlots = plan.refusalSlots
        settled.service.bodyFiles = DescriptorQuota(limit: plan.bodyFiles)
        return (settled, warnings)
    }
}

/// A refused `serve` option.
struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
