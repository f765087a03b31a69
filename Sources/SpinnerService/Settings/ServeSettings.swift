import HTTPServer
import SpinnerModel

/// `spinnerd serve`'s settings as asked: each from its flag, else its environment variable,
/// else the default, through its row of `ServeSetting.all`. What depends on the machine
/// (the connections, the cache under a memory limit, the gallery in signed mode) is asked
/// here as an optional and settled by `settled(by:cgroup:)` into the `ServeConfiguration`
/// the server runs with — the two never share a name.
public struct ServeSettings: Sendable {
    /// The libraries' own defaults, under the ones `init(cores:)` sets.
    private static let server = HTTPServerConfiguration(), service = ServiceConfiguration()

    /// IPv4 address to bind. Default `0.0.0.0`.
    public var host = server.host
    /// Port; 0 picks a free one. Default 8080.
    public var port = server.port
    /// The admin listener's port (`/metrics` and `/healthz`; 0 picks a free one). Default
    /// nil: none, every route on `port`.
    public var adminPort: Int?
    /// Event-loop threads. Default one a core, at most 2.
    public var eventLoops = server.eventLoops
    /// Time to send a request head. Default 10 s.
    public var requestTimeout = server.requestTimeout
    /// Time an idle keep-alive connection stays. Default 60 s.
    public var idleTimeout = server.idleTimeout
    /// Render threads and queues of the quick and heavy lanes. Default a quick thread a
    /// core, a heavy one every two cores.
    public var lanes = service.lanes
    /// Limits checked before any render. Default `RenderBudget.standard`.
    public var budget = service.budget
    /// A render running longer is stopped and answered 503. Default 10 s.
    public var renderTimeout = service.renderTimeout
    /// A render waiting longer for a thread (or memory) is answered 503. Default 10 s.
    public var queueTimeout = service.queueTimeout
    /// Signed mode's keys. Default none: open.
    public var signing = service.signing
    /// How long a front may keep a 400, 403 or 404, in whole seconds. Default 60 s.
    public var errorMaxAge = service.errorMaxAge
    /// Whether the defaults are rendered ahead at start. Default on.
    public var prerender = true
    /// Whether new APNG, GIF and WebP URLs are answered with a quick encode first. Default on.
    public var provisional = true
    /// The CPU the final encodes may take on average, in cores. Default nil: no bound.
    public var backgroundCPU: Double?
    /// Final encodes that may wait behind provisional answers. Default 256.
    public var finalQueue = service.lanes.finalQueue
    /// `debug` logs every answer; `info` all but probes and scrapes; `warn` and `error` only
    /// problems; `none` nothing. Default info.
    public var logLevel = LogLevel.info
    /// How lines are written. Default text.
    public var logFormat = LogFormat.text
    /// Where the ready record is written once the server listens (nil: nowhere). Default none.
    public var readyFile: String?
    /// The fronts whose `X-Forwarded-For` names the client (in the log and the per-client
    /// limits), exempt from the per-client connection limit. Default none.
    public var trustedProxies = TrustedProxies.none

    /// `--max-connections` when given; else derived from the descriptor limit.
    public var maxConnections: Int?
    /// `--max-connections-per-client` when given; else `perClientShare(of:)` the connections.
    public var maxConnectionsPerClient: Int?
    /// `--cache-bytes` when given; else 64 MiB, or less under a memory limit (`MemoryPlan`).
    public var cacheBytes: Int?
    /// `--memory-limit` when given, in bytes; else the cgroup's (`CgroupMemoryLimit`).
    public var memoryLimit: Int?
    /// `--gallery` when given; else on, and off in signed mode.
    public var gallery: Bool?

    /// The image cache's bound when not given and no memory limit bounds it: 64 MiB.
    static var defaultCacheBytes: Int { service.cacheBytes }

    /// The connections one client address may hold when not given, of `connections`
    /// served: an eighth, at least 8 and at most 256 (`--help`'s default says so).
    static func perClientShare(of connections: Int) -> Int {
        min(256, max(8, connections / 8))
    }

    /// The defaults on a machine of `cores` cores: a quick render thread a core, a heavy
    /// one every two cores, at most two event loops.
    /// The one place `serve`'s defaults are set (over the configurations' own): the help,
    /// docs/operations.md and the settings table state these values (`ServeDefaultsTests`).
    public init(cores: Int) {
        lanes.quickWorkers = max(1, cores)
        lanes.heavyWorkers = max(1, cores / 2)
        eventLoops = min(2, max(1, cores))
    }

    /// The settings from `flags` (name → value, as given on the command line) over
    /// `environment` (each setting's variable), over the defaults for `cores`. Every value
    /// goes through its setting's row, whether it came from a flag or a variable, so a bad
    /// one is refused alike; an unknown flag is refused too.
    public static func resolve(flags: [String: String], environment: [String: String], cores: Int) -> Result<ServeSettings, SettingError> {
        var settings = ServeSettings(cores: cores)
        let byName = Dictionary(uniqueKeysWithValues: ServeSetting.all.map { ($0.name, $0) })
        if let unknown = flags.keys.sorted().first(where: { byName[$0] == nil }) {
            return .failure(SettingError("unknown option --\(unknown)"))
        }
        // Table order, so that the first problem reported does not depend on hashing.
        for setting in ServeSetting.all {
            let fromFlag = flags[setting.name]
            guard let value = fromFlag ?? environment[setting.variable].flatMap({ $0.isEmpty ? nil : $0 }) else { continue }
            if let problem = setting.apply(&settings, value) {
                return .failure(SettingError(fromFlag == nil ? "\(setting.variable)=\(value): \(problem)" : problem))
            }
        }
        return .success(settings)
    }

    /// What the server runs with, these settings settled by `plan`: the connection limits
    /// not given are derived from it, and what was given beyond it is kept with a warning.
    /// Under a memory limit (the smaller of `--memory-limit` and `cgroup`'s), the cache
    /// bound when not given and the renders' working memory are derived from it
    /// (`MemoryPlan`); what the API admits does not change. `memory?.refusal` says when the
    /// limit is too small to start.
    public func settled(by plan: DescriptorPlan, cgroup: CgroupMemoryLimit? = nil) -> ServeConfiguration {
        var warnings: [String] = []
        let connections = maxConnections ?? plan.connections
        if connections > plan.connections {
            warnings.append("--max-connections \(connections) is more than \(plan.limit) descriptors allow (\(plan.connections)); "
                            + "past that, clients are refused with 503 through a spare descriptor")
        }
        let limit: (bytes: Int, source: String)? = switch (memoryLimit, cgroup) {
        case let (asked?, found?): asked <= found.bytes ? (asked, "--memory-limit") : (found.bytes, found.file)
        case let (asked?, nil): (asked, "--memory-limit")
        case let (nil, found?): (found.bytes, found.file)
        case (nil, nil): nil
        }
        let memory = limit.map {
            MemoryPlan(limit: $0.bytes, connections: connections, connectionsAsked: maxConnections != nil, askedCacheBytes: cacheBytes,
                       budget: budget)
        }
        let served = memory?.connections ?? connections
        let server = HTTPServerConfiguration(
            host: host, port: port, eventLoops: eventLoops, maxConnections: served,
            maxConnectionsPerClient: maxConnectionsPerClient ?? Self.perClientShare(of: served), trustedProxies: trustedProxies,
            refusalSlots: plan.refusalSlots,
            requestTimeout: requestTimeout, idleTimeout: idleTimeout)
        var queues = lanes
        queues.finalQueue = finalQueue
        let service = ServiceConfiguration(
            cacheBytes: memory?.cacheBytes ?? cacheBytes ?? Self.defaultCacheBytes, lanes: queues, renderTimeout: renderTimeout,
            queueTimeout: queueTimeout, renderMemoryBytes: memory?.renderBytes, memoryLimit: memory?.limit, budget: budget,
            bodyFiles: DescriptorQuota(limit: plan.bodyFiles), signing: signing,
            // Signed mode exists to let only the operator's URLs be rendered; the playground
            // makes arbitrary ones, so it is off there unless asked for.
            gallery: gallery ?? (signing == nil),
            errorMaxAge: errorMaxAge, prerender: prerender, provisionalAnswers: provisional, adminListener: adminPort != nil,
            backgroundCores: backgroundCPU)
        let admin = adminPort.map { port in
            HTTPServerConfiguration(host: host, port: port, eventLoops: 1, maxConnections: DescriptorPlan.adminConnections,
                                    maxConnectionsPerClient: 0, refusalSlots: 1, requestTimeout: requestTimeout, idleTimeout: idleTimeout)
        }
        return ServeConfiguration(server: server, admin: admin, service: service, logLevel: logLevel, logFormat: logFormat,
                                  readyFile: readyFile, memory: memory, memorySource: limit?.source, warnings: warnings)
    }
}

/// What `spinnerd serve` runs with: its `ServeSettings` settled on this machine (its
/// descriptors and its memory limit), with nothing left to derive.
public struct ServeConfiguration: Sendable {
    /// How the server listens and what each client may hold.
    public let server: HTTPServerConfiguration
    /// The admin listener (`/metrics`, `/healthz`; one event loop, a few connections), when
    /// `--admin-port` asks for one.
    public let admin: HTTPServerConfiguration?
    /// The service's cache, lanes, budget and answers.
    public let service: ServiceConfiguration
    /// What is logged.
    public let logLevel: LogLevel
    /// How an answer's line is written.
    public let logFormat: LogFormat
    /// Where the ready record is written once the server listens (`--ready-file`; nil: nowhere).
    public let readyFile: String?
    /// The memory plan followed, when the process has a limit.
    public let memory: MemoryPlan?
    /// Where that limit came from: `--memory-limit`, or the cgroup file it was read from.
    public let memorySource: String?
    /// What was asked beyond what the machine allows, kept (said at start).
    public let warnings: [String]
}

extension ServeSetting {
    /// The render budget from the environment (its three settings), for `spinnerd render`
    /// and `cost` as for `serve`: a value `serve` would refuse is refused here too.
    public static func budget(environment: [String: String]) -> Result<RenderBudget, SettingError> {
        var settings = ServeSettings(cores: 1)
        for setting in all where budgetNames.contains(setting.name) {
            guard let value = environment[setting.variable], !value.isEmpty else { continue }
            if let problem = setting.apply(&settings, value) { return .failure(SettingError("\(setting.variable)=\(value): \(problem)")) }
        }
        return .success(settings.budget)
    }

    /// The settings that make up the render budget.
    static let budgetNames: Set<String> = ["max-pixel-frames", "max-frames", "max-render-seconds"]

    /// The switches (flags that take no value).
    public static var switches: Set<String> { Set(all.filter(\.isSwitch).map(\.name)) }
}
