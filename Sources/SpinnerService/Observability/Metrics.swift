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
            statusClass = status.kind
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

    /// Why a render was dropped or stopped before its end (the label in `/metrics`).
    enum RenderStopped: String, CaseIterable, Comparable {
        /// Nobody waited for it any more (queued or running).
        case clientGone = "client_gone"
        /// Its deadline passed.
        case timeout

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
        var stopped = Dictionary(uniqueKeysWithValues: RenderStopped.allCases.map { ($0, 0) })
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
    /// A render dropped or stopped before its end, and why.
    func stoppedRender(_ reason: RenderStopped) { state.withLock { $0.stopped[reason, default: 0] += 1 } }

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

    /// Its counters and histograms, as they are now (the gauges are their sources').
    func expose(into exposition: inout Exposition) {
        // Written with the lock held: a copy taken out would share its dictionaries' storage
        // with the state the event loops go on counting into, which copy-on-write makes safe
        // through reference counts that ThreadSanitizer cannot see (it reported the race).
        // A scrape holds the lock for the tens of microseconds the text takes.
        let (ok, notModified) = (preparedOK.load(ordering: .relaxed), preparedNotModified.load(ordering: .relaxed))
        state.withLock { snapshot in
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
            func byLane(_ histograms: [Histogram]) -> [(labels: String, histogram: Histogram)] {
                RenderLane.allCases.map { ("lane=\"\($0.name)\"", histograms[$0.rawValue]) }
            }
            exposition.histograms("http_request_duration_seconds", "Time from the service being asked to its answer being made, by route "
                                  + "and status class (answers from the cache's prepared bytes: 0).",
                                  durations.sorted { $0.key < $1.key }.map { key, histogram in
                                      ("route=\"\(key.route.name)\",status=\"\(key.statusClass)xx\"", histogram)
                                  })
            exposition.family("spinnerd_requests_total", .counter, "HTTP requests answered, by route and status.",
                              requests.sorted { $0.key < $1.key }.map { key, count in
                                  ("{route=\"\(key.route.name)\",status=\"\(key.status.code)\"}", String(count))
                              })
            exposition.family("spinnerd_cache_hits_total", .counter, "Image requests answered from the cache.", snapshot.cacheHits + ok + notModified)
            exposition.family("spinnerd_cache_misses_total", .counter, "Image requests that were not in the cache.", snapshot.cacheMisses)
            exposition.family("spinnerd_renders_total", .counter, "Images rendered, by format.", Exposition.byFormat(snapshot.renders) { String($0) })
            exposition.family("spinnerd_prerenders_total", .counter, "Default images rendered in the background at start, by format.",
                              Exposition.byFormat(snapshot.prerenders) { String($0) })
            exposition.family("spinnerd_final_renders_total", .counter, "Final encodes made behind provisional answers and cached, by format.",
                              Exposition.byFormat(snapshot.finals) { String($0) })
            exposition.family("spinnerd_final_renders_not_stored_total", .counter,
                              "Final encodes not stored, by reason: dropped (their queue was full), stopped (the service stopped), failed.",
                              snapshot.finalsNotStored.sorted { $0.key < $1.key }.map { ("{reason=\"\($0.key.rawValue)\"}", String($0.value)) })
            exposition.family("spinnerd_render_coalesced_total", .counter, "Requests that waited for an identical render already running.",
                              snapshot.coalesced)
            exposition.family("spinnerd_render_rejected_total", .counter,
                              "Renders refused with 503, by lane and reason (queue full, client's share used, waited too long).",
                              snapshot.rejected.sorted { $0.key < $1.key }.map { key, count in
                                  ("{lane=\"\(key.lane.name)\",reason=\"\(key.reason.name)\"}", String(count))
                              })
            exposition.family("spinnerd_render_failed_total", .counter, "Renders that failed for a reason of the service's own (answered 500; "
                              + "the log has each one's error id and what failed).", snapshot.failed)
            exposition.family("spinnerd_render_refused_budget_total", .counter,
                              "Requests refused with 400 because their estimated cost is over the budget.", snapshot.refusedByBudget)
            exposition.family("spinnerd_render_cancelled_total", .counter,
                              "Renders dropped or stopped, by reason: every waiter left, or the render deadline passed.",
                              snapshot.stopped.sorted { $0.key < $1.key }.map { ("{reason=\"\($0.key.rawValue)\"}", String($0.value)) })
            exposition.histograms("spinnerd_render_seconds", "Time to render and encode one image, by lane.", byLane(snapshot.renderTimes))
            exposition.histograms("spinnerd_render_queue_wait_seconds", "Time a render waited for a thread (and, under a memory limit, for its "
                                  + "working memory), by lane.", byLane(snapshot.queueWaits))
            exposition.family("spinnerd_render_estimated_seconds_total", .counter,
                              "Estimated render time, summed by format (compare with the measured sum).",
                              Exposition.byFormat(snapshot.costs) { Exposition.number($0.estimated) })
            exposition.family("spinnerd_render_measured_seconds_total", .counter, "Measured render time, summed by format.",
                              Exposition.byFormat(snapshot.costs) { Exposition.number($0.measured) })
        }
    }
}

extension Metrics: MetricsSource {}
