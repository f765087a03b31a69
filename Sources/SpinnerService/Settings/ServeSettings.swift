import HTTPServer
import SpinnerModel

/// `spinnerd serve`'s settings: flags, else the environment, else the defaults, each
/// through its row of `ServeSetting.all`.
public struct ServeSettings: Sendable {
    public var server = HTTPServerConfiguration()
    public var service = ServiceConfiguration()
    /// `info` logs every request; `warn` and `error` only problems; `none` nothing. Default info.
    public var logLevel = LogLevel.info
    /// `--max-connections` when given; else derived from the descriptor limit.
    public var maxConnections: Int?
    /// `--max-connections-per-client` when given; else `perClientShare(of:)` the connections.
    public var maxConnectionsPerClient: Int?
    /// `--gallery` when given: serve the gallery even in signed mode (where it is off by default).
    public var galleryAsked: Bool?

    /// `galleryAsked` as the `--gallery` switch sets it (reading it: on unless asked off).
    var galleryOn: Bool {
        get { galleryAsked ?? true }
        set { galleryAsked = newValue }
    }
    /// `--cache-bytes` when given; else 64 MiB, or less under a memory limit (`MemoryPlan`).
    public var cacheBytes: Int?
    /// `--memory-limit` when given, in bytes; else the cgroup's (`CgroupMemoryLimit`).
    public var memoryLimit: Int?
    /// The memory plan `settled(by:cgroup:)` followed, when the process has a limit.
    public var memory: MemoryPlan?
    /// Where that limit came from: `--memory-limit`, or the cgroup file it was read from.
    public var memorySource: String?

    /// The connections one client address may hold when not given, of `connections`
    /// served: an eighth, at least 8 and at most 256 (`--help`'s default says so).
    static func perClientShare(of connections: Int) -> Int {
        min(256, max(8, connections / 8))
    }

    /// The defaults on a machine of `cores` cores: a quick render thread a core, a heavy
    /// one every two cores, at most two event loops; defaults rendered ahead; provisional answers.
    /// The one place `serve`'s defaults are set (over the configurations' own): the help,
    /// docs/operations.md and the settings table state these values (`ServeSettingsTests`).
    public init(cores: Int) {
        service.prerenderDefaults = true
        service.provisionalAnswers = true
        service.lanes.quickWorkers = max(1, cores)
        service.lanes.heavyWorkers = max(1, cores / 2)
        server.eventLoops = min(2, max(1, cores))
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
        // Signed mode exists to let only the operator's URLs be rendered; the playground
        // makes arbitrary ones, so it is off there unless asked for.
        settings.service.gallery = settings.galleryAsked ?? (settings.service.signing == nil)
        return .success(settings)
    }

    /// The settings with the connection limits settled by `plan`: what was not given is
    /// derived from it, and what was given beyond it is kept with a warning. Under a memory
    /// limit (the smaller of `--memory-limit` and `cgroup`'s), the cache bound when not
    /// given and the renders' working memory are derived from it (`MemoryPlan`); what the
    /// API admits does not change. `memory?.refusal` says when the limit is too small to start.
    public func settled(by plan: DescriptorPlan, cgroup: CgroupMemoryLimit? = nil) -> (settings: ServeSettings, warnings: [String]) {
        var settled = self
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
                       budget: service.budget)
        }
        let served = memory?.connections ?? connections
        settled.server.maxConnections = served
        settled.server.maxConnectionsPerClient = maxConnectionsPerClient ?? Self.perClientShare(of: served)
        settled.server.refusalSlots = plan.refusalSlots
        settled.service.bodyFiles = DescriptorQuota(limit: plan.bodyFiles)
        settled.service.cacheBytes = memory?.cacheBytes ?? cacheBytes ?? settled.service.cacheBytes
        settled.service.renderMemoryBytes = memory?.renderBytes
        settled.memory = memory
        settled.memorySource = limit?.source
        return (settled, warnings)
    }
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
        return .success(settings.service.budget)
    }

    /// The settings that make up the render budget.
    static let budgetNames: Set<String> = ["max-pixel-frames", "max-frames", "max-render-seconds"]

    /// The switches (flags that take no value).
    public static var switches: Set<String> { Set(all.filter(\.isSwitch).map(\.name)) }
}
