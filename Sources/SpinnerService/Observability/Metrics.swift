import HTTPServer
import Concurrency
import SpinnerModel
import Synchronization

/// The service's counters, gauges and histograms, written in the Prometheus text
/// exposition format (version 0.0.4).
public final class Metrics: Sendable {
    /// Upper bounds of the render-time and queue-wait histogram buckets, in seconds.
    static let timeBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    /// Upper bounds of the request-duration buckets, in seconds: from a cache hit's
    /// microseconds to the longest admitted answer (queue wait and render, 10 s each by default).
    static let requestBuckets: [Double] = [0.001] + timeBuckets + [20, 30]

    /// Estimated and measured render time of one format, summed: their ratio checks the
    /// cost model's calibration in production.
    struct CostSums: Sendable {
        var estimated = 0.0
        var measured = 0.0
        var count = 0
    }

    /// What `spinnerd_requests_total` counts by.
    struct RequestKey: Hashable, Comparable {
        let route: RouteLabel
        let status: HTTPStatus

        static func < (a: RequestKey, b: RequestKey) -> Bool {
            (a.route.rawValue, a.status.code) < (b.route.rawValue, b.status.code)
        }
    }

    /// What `http_request_duration_seconds` is kept by: the route and the status's class.
    struct DurationKey: Hashable, Comparable {
        let route: RouteLabel
        /// 1…5 for 1xx…5xx.
        let statusClass: Int

        init(route: RouteLabel, status: HTTPStatus) {
            self.route = route
            statusClass = status.code / 100
        }

        static func < (a: DurationKey, b: DurationKey) -> Bool {
            (a.route.rawValue, a.statusClass) < (b.route.rawValue, b.statusClass)
        }
    }

    /// What `spinnerd_render_rejected_total` counts by.
    struct RejectionKey: Hashable, Comparable {
        let lane: RenderLane
        let reason: RenderScheduler.Refusal

        static func < (a: RejectionKey, b: RejectionKey) -> Bool {
            (a.lane.name, a.reason.name) < (b.lane.name, b.reason.name)
        }
    }

    /// The spinner route's statuses counted from the start (0 until one is answered), so that
    /// a rate of them, and an alert on it, has data before the first of them: success,
    /// revalidation, bad URLs, refusals and failures.
    static let statusesFromStart: [HTTPStatus] = [.ok, .notModified, .badRequest, .notFound, .internalServerError, .serviceUnavailable]
    /// Every refusal a lane can give, counted from the start (the per-client share is the
    /// heavy lane's only).
    static let refusalsFromStart: [RejectionKey] = RenderLane.allCases.flatMap { lane in
        ([.queueFull(lane)] + (lane == .heavy ? [.clientLimit] : []) + [.waitedTooLong]).map { RejectionKey(lane: lane, reason: $0) }
    }
    /// Every format, counted from the start.
    static let formatsFromStart: [OutputFormat] = OutputFormat.allCases

    /// Why a final encode behind a provisional answer was not stored (the label in `/metrics`).
    enum FinalNotStored: String, CaseIterable, Comparable {
        /// Its queue was full: not queued (the next request of its provisional answer queues it again).
        case dropped
        /// Its encode failed.
        case failed
        /// The service stopped it.
        case stopped

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    private struct State {
        var requests = Dictionary(uniqueKeysWithValues: Metrics.statusesFromStart.map { (RequestKey(route: .spinner, status: $0), 0) })
        var durations: [DurationKey: Histogram] = [DurationKey(route: .spinner, status: .ok): Histogram(bounds: Metrics.requestBuckets)]
        var renders = Dictionary(uniqueKeysWithValues: Metrics.formatsFromStart.map { ($0, 0) })
        var prerenders = Dictionary(uniqueKeysWithValues: Metrics.formatsFromStart.map { ($0, 0) })
        var finals = Dictionary(uniqueKeysWithValues: Metrics.formatsFromStart.map { ($0, 0) })
        var finalsNotStored = Dictionary(uniqueKeysWithValues: FinalNotStored.allCases.map { ($0, 0) })
        var renderTimes = RenderLane.allCases.map { _ in Histogram(bounds: Metrics.timeBuckets) }
        var queueWaits = RenderLane.allCases.map { _ in Histogram(bounds: Metrics.timeBuckets) }
        var costs = Dictionary(uniqueKeysWithValues: Metrics.formatsFromStart.map { ($0, CostSums()) })
        var cacheHits = 0
        var cacheMisses = 0
        var coalesced = 0
        var rejected = Dictionary(uniqueKeysWithValues: Metrics.refusalsFromStart.map { ($0, 0) })
        var failed = 0
        var refusedByBudget = 0
        var cancelled = 0
        var timedOut = 0
    }

    private let state = Locked(State())
    /// Cache hits answered with a prepared `200` and `304`: counted apart, without the
    /// lock, since they are most requests and the event loops count them at once.
    private let preparedOK = Atomic<Int>(0)
    private let preparedNotModified = Atomic<Int>(0)

    public init() {}

    /// An answer of `route` with `status`, made `seconds` after the service was asked.
    func request(route: RouteLabel, status: HTTPStatus, seconds: Double) {
        state.withLock { state in
            state.requests[RequestKey(route: route, status: status), default: 0] += 1
            state.durations[DurationKey(route: route, status: status), default: Histogram(bounds: Metrics.requestBuckets)].record(seconds)
        }
    }

    func cacheHit() { state.withLock { $0.cacheHits += 1 } }
    /// A spinner request answered from the cache by its prepared `status` (200 or 304).
    func preparedHit(status: HTTPStatus) {
        if status == .notModified {
            preparedNotModified.wrappingAdd(1, ordering: .relaxed)
        } else {
            preparedOK.wrappingAdd(1, ordering: .relaxed)
        }
    }
    func cacheMiss() { state.withLock { $0.cacheMisses += 1 } }
    func coalescedRender() { state.withLock { $0.coalesced += 1 } }
    func refusedByBudget() { state.withLock { $0.refusedByBudget += 1 } }
    /// A render stopped because nobody waited for it any more (queued or running).
    func cancelledRender() { state.withLock { $0.cancelled += 1 } }
    /// A render stopped at its deadline.
    func timedOutRender() { state.withLock { $0.timedOut += 1 } }

    /// A render refused with 503 in `lane`: its queue was full, its client had its share, or
    /// it waited for a thread and memory as long as a render may.
    func rejectedRender(lane: RenderLane, reason: RenderScheduler.Refusal) {
        state.withLock { $0.rejected[RejectionKey(lane: lane, reason: reason), default: 0] += 1 }
    }

    /// A render that failed for a reason of the service's own (answered 500).
    func failedRender() { state.withLock { $0.failed += 1 } }

    /// A render of `format` in `lane` started after waiting `waited` seconds.
    func started(lane: RenderLane, waited: Duration) {
        state.withLock { $0.queueWaits[lane.rawValue].record(waited.inSeconds) }
    }

    /// A render finished in `seconds`, estimated at `estimated` seconds.
    func rendered(format: OutputFormat, lane: RenderLane, seconds: Double, estimated: Double) {
        state.withLock { state in
            state.renders[format, default: 0] += 1
            state.renderTimes[lane.rawValue].record(seconds)
            state.costs[format, default: CostSums()].estimated += estimated
            state.costs[format, default: CostSums()].measured += seconds
            state.costs[format, default: CostSums()].count += 1
        }
    }

    /// A default image rendered in the background at start.
    func prerendered(format: OutputFormat) {
        state.withLock { $0.prerenders[format, default: 0] += 1 }
    }

    /// A final encode stored behind a provisional answer.
    func finalRendered(format: OutputFormat) {
        state.withLock { $0.finals[format, default: 0] += 1 }
    }

    /// A final encode that was not stored, and why.
    func finalNotStored(reason: FinalNotStored) {
        state.withLock { $0.finalsNotStored[reason, default: 0] += 1 }
    }

    /// A final encode not queued: its queue was full (the next request of its provisional
    /// answer queues it again).
    func finalDropped() {
        finalNotStored(reason: .dropped)
    }

    /// Renders finished so far, all formats.
    public var renderCount: Int { state.withLock { state in state.renderTimes.reduce(0) { $0 + $1.count } } }

    /// The exposition text, with the cache, queue and connection gauges read now.
    func text(cache: (entries: Int, bytes: Int, evictions: Int), cacheCapacity: Int, queued: [RenderLane: Int], flights: Int,
              prerendersPending: Int = 0, finalsPending: Int = 0, finalPauses: Int = 0, memory: MemoryGate.Statistics? = nil,
              memoryLimit: Int? = nil, largestRenderBytes: Int = RenderBudget.standard.maxRenderBytes,
              process: ProcessStatistics? = nil, transport: TransportStatistics) -> String {
        // Written with the lock held: a copy taken out would share its dictionaries' storage
        // with the state the event loops go on counting into, which copy-on-write makes safe
        // through reference counts that ThreadSanitizer cannot see (it reported the race).
        // A scrape holds the lock for the tens of microseconds the text takes.
        let (ok, notModified) = (preparedOK.load(ordering: .relaxed), preparedNotModified.load(ordering: .relaxed))
        return state.withLock { snapshot in
            var requests = snapshot.requests
            requests[RequestKey(route: .spinner, status: .ok), default: 0] += ok
            requests[RequestKey(route: .spinner, status: .notModified), default: 0] += notModified
            // Prepared answers are made in the event loop from bytes written ahead, in
            // microseconds, without reading a clock (the hot path's cost): observed as 0 s.
            var durations = snapshot.durations
            durations[DurationKey(route: .spinner, status: .ok), default: Histogram(bounds: Metrics.requestBuckets)].record(0, times: ok)
            durations[DurationKey(route: .spinner, status: .notModified), default: Histogram(bounds: Metrics.requestBuckets)]
                .record(0, times: notModified)
            // Kept from the start (`State`), or once observed.
            durations = durations.filter { $0.value.count > 0 || $0.key == DurationKey(route: .spinner, status: .ok) }
            var lines: [String] = []
            func metric(_ name: String, _ type: String, _ help: String, _ samples: [(String, String)]) {
                lines.append("# HELP \(name) \(help)")
                lines.append("# TYPE \(name) \(type)")
                for (labels, value) in samples { lines.append(name + labels + " " + value) }
            }
            /// One sample a format, labelled by it, in the formats' name order.
            func byFormat<Value>(_ values: [OutputFormat: Value], _ text: (Value) -> String) -> [(String, String)] {
                values.sorted { $0.key.rawValue < $1.key.rawValue }.map { ("{format=\"\($0.key.rawValue)\"}", text($0.value)) }
            }
            func histogram(_ name: String, _ help: String, _ histograms: [Histogram]) {
                lines.append("# HELP \(name) \(help)")
                lines.append("# TYPE \(name) histogram")
                for lane in RenderLane.allCases { lines += histograms[lane.rawValue].lines(name, labels: "lane=\"\(lane.name)\"") }
            }
            lines.append("# HELP http_request_duration_seconds Time from the service being asked to its answer being made, by route "
                         + "and status class (answers from the cache's prepared bytes: 0).")
            lines.append("# TYPE http_request_duration_seconds histogram")
            for (key, histogram) in durations.sorted(by: { $0.key < $1.key }) {
                lines += histogram.lines("http_request_duration_seconds", labels: "route=\"\(key.route.name)\",status=\"\(key.statusClass)xx\"")
            }
            if let process {
                metric("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", [("", String(process.residentBytes))])
                metric("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", [("", String(process.virtualBytes))])
                metric("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.",
                       [("", format(process.cpuSeconds))])
                metric("process_open_fds", "gauge", "Number of open file descriptors.", [("", String(process.openDescriptors))])
                metric("process_max_fds", "gauge", "Maximum number of open file descriptors.", [("", String(process.maxDescriptors))])
                metric("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
                       [("", format(process.startTime))])
            }
            metric("spinnerd_build_info", "gauge", "The running build: its release version; always 1.",
                   [("{version=\"\(ServiceVersion.text)\"}", "1")])
            if let memoryLimit {
                metric("spinnerd_memory_limit_bytes", "gauge", "The memory limit the process keeps to (its cgroup's, or --memory-limit).",
                       [("", String(memoryLimit))])
            }
            metric("spinnerd_render_max_bytes", "gauge", "The most working memory one render may take (the render budget's bound).",
                   [("", String(largestRenderBytes))])
            metric("spinnerd_requests_total", "counter", "HTTP requests answered, by route and status.",
                   requests.sorted { $0.key < $1.key }.map { key, count in
                       ("{route=\"\(key.route.name)\",status=\"\(key.status.code)\"}", String(count))
                   })
            metric("spinnerd_cache_hits_total", "counter", "Image requests answered from the cache.", [("", String(snapshot.cacheHits + ok + notModified))])
            metric("spinnerd_cache_misses_total", "counter", "Image requests that were not in the cache.", [("", String(snapshot.cacheMisses))])
            metric("spinnerd_cache_evictions_total", "counter", "Cache entries evicted to stay within the byte bound.", [("", String(cache.evictions))])
            metric("spinnerd_cache_bytes", "gauge", "Bytes held by the cache.", [("", String(cache.bytes))])
            metric("spinnerd_cache_capacity_bytes", "gauge", "The cache's byte bound.", [("", String(cacheCapacity))])
            metric("spinnerd_cache_entries", "gauge", "Entries in the cache.", [("", String(cache.entries))])
            metric("spinnerd_renders_total", "counter", "Images rendered, by format.",
                   byFormat(snapshot.renders) { String($0) })
            metric("spinnerd_prerenders_total", "counter", "Default images rendered in the background at start, by format.",
                   byFormat(snapshot.prerenders) { String($0) })
            metric("spinnerd_prerenders_pending", "gauge", "Default images still to render in the background.", [("", String(prerendersPending))])
            metric("spinnerd_final_renders_total", "counter", "Final encodes made behind provisional answers and cached, by format.",
                   byFormat(snapshot.finals) { String($0) })
            metric("spinnerd_final_renders_not_stored_total", "counter",
                   "Final encodes not stored, by reason: dropped (their queue was full), stopped (the service stopped), failed.",
                   snapshot.finalsNotStored.sorted { $0.key < $1.key }.map { ("{reason=\"\($0.key.rawValue)\"}", String($0.value)) })
            metric("spinnerd_final_renders_pending", "gauge", "Final encodes waiting or running behind provisional answers.",
                   [("", String(finalsPending))])
            metric("spinnerd_final_render_pauses_total", "counter",
                   "Times a final encode paused between frames while a render a visitor waits for ran.",
                   [("", String(finalPauses))])
            metric("spinnerd_render_coalesced_total", "counter", "Requests that waited for an identical render already running.",
                   [("", String(snapshot.coalesced))])
            metric("spinnerd_render_rejected_total", "counter",
                   "Renders refused with 503, by lane and reason (queue full, client's share used, waited too long).",
                   snapshot.rejected.sorted { $0.key < $1.key }.map { key, count in
                       ("{lane=\"\(key.lane.name)\",reason=\"\(key.reason.name)\"}", String(count))
                   })
            metric("spinnerd_render_failed_total", "counter", "Renders that failed for a reason of the service's own (answered 500; "
                   + "the log has each one's error id and what failed).", [("", String(snapshot.failed))])
            if let memory {
                metric("spinnerd_render_memory_capacity_bytes", "gauge", "Working memory the renders share under the memory limit.",
                       [("", String(memory.capacity))])
                metric("spinnerd_render_memory_held_bytes", "gauge", "Working memory held by renders running now.", [("", String(memory.held))])
                metric("spinnerd_render_memory_peak_bytes", "gauge", "The most working memory renders held at once.", [("", String(memory.peak))])
                metric("spinnerd_render_memory_waiting", "gauge", "Renders waiting for working memory now.", [("", String(memory.waiting))])
                metric("spinnerd_render_memory_waits_total", "counter", "Renders and final encodes that had to wait for working memory.",
                       [("", String(memory.waited))])
                metric("spinnerd_render_memory_timeouts_total", "counter",
                       "Renders that waited for working memory until their wait limit (answered 503).", [("", String(memory.timedOut))])
            }
            metric("spinnerd_render_refused_budget_total", "counter", "Requests refused with 400 because their estimated cost is over the budget.",
                   [("", String(snapshot.refusedByBudget))])
            metric("spinnerd_render_cancelled_total", "counter", "Renders dropped or stopped, by reason: every waiter left, or the render deadline passed.",
                   [("{reason=\"client_gone\"}", String(snapshot.cancelled)), ("{reason=\"timeout\"}", String(snapshot.timedOut))])
            histogram("spinnerd_render_seconds", "Time to render and encode one image, by lane.", snapshot.renderTimes)
            histogram("spinnerd_render_queue_wait_seconds", "Time a render waited for a thread (and, under a memory limit, for its "
                      + "working memory), by lane.", snapshot.queueWaits)
            metric("spinnerd_render_estimated_seconds_total", "counter", "Estimated render time, summed by format (compare with the measured sum).",
                   byFormat(snapshot.costs) { format($0.estimated) })
            metric("spinnerd_render_measured_seconds_total", "counter", "Measured render time, summed by format.",
                   byFormat(snapshot.costs) { format($0.measured) })
            metric("spinnerd_render_queue_depth", "gauge", "Renders waiting for a thread, by lane.",
                   RenderLane.allCases.map { ("{lane=\"\($0.name)\"}", String(queued[$0] ?? 0)) })
            metric("spinnerd_render_flights", "gauge", "Renders queued or running (each shared by every request for its image).",
                   [("", String(flights))])
            metric("spinnerd_open_connections", "gauge", "Client connections being served.", [("", String(transport.openConnections))])
            metric("spinnerd_lingering_refusals", "gauge", "Refused connections delivering their 503 before closing.",
                   [("", String(transport.lingeringRefusals))])
            metric("spinnerd_connections_accepted_total", "counter", "Connections accepted (served or refused).", [("", String(transport.accepted))])
            metric("spinnerd_connections_refused_total", "counter", "Connections answered 503 and closed, by reason.",
                   [("{reason=\"limit\"}", String(transport.refusedFull)), ("{reason=\"per_client\"}", String(transport.refusedClientLimit)),
                    ("{reason=\"descriptors\"}", String(transport.refusedNoDescriptor))])
            metric("spinnerd_connections_evicted_total", "counter", "Idle, lingering or slow connections closed to make room at the limit.",
                   [("", String(transport.evicted))])
            metric("spinnerd_connections_timed_out_total", "counter", "Connections that did not send a request head in time (408 or closed).",
                   [("", String(transport.timedOut))])
            metric("spinnerd_accept_pauses_total", "counter", "Times accepting paused because the system refused descriptors or memory.",
                   [("", String(transport.acceptPauses))])
            return lines.joined(separator: "\n") + "\n"
        }
    }

    func format(_ value: Double) -> String { Metrics.format(value) }

    /// A number as Prometheus reads it: whole numbers without a fraction.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
