import HTTPServer
import Synchronization

/// The service's counters, gauges and render-time histogram, written in the Prometheus
/// text exposition format (version 0.0.4).
public final class Metrics: Sendable {
    /// Upper bounds of the render-time histogram buckets, in seconds.
    static let renderBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct State {
        var requests: [Int: Int] = [:]             // route index × 1000 + status
        var renders: [String: Int] = [:]           // format
        var renderBucketCounts = [Int](repeating: 0, count: Metrics.renderBuckets.count)
        var renderCount = 0
        var renderSeconds = 0.0
        var cacheHits = 0
        var cacheMisses = 0
        var coalesced = 0
        var rejected = 0
    }

    private let state = Mutex(State())

    public init() {}

    func request(route: RouteLabel, status: Int) {
        state.withLock { $0.requests[route.rawValue * 1000 + status, default: 0] += 1 }
    }

    func cacheHit() { state.withLock { $0.cacheHits += 1 } }
    func cacheMiss() { state.withLock { $0.cacheMisses += 1 } }
    func coalescedRender() { state.withLock { $0.coalesced += 1 } }
    func rejectedRender() { state.withLock { $0.rejected += 1 } }

    func rendered(format: String, seconds: Double) {
        state.withLock { state in
            state.renders[format, default: 0] += 1
            state.renderCount += 1
            state.renderSeconds += seconds
            for (index, bound) in Self.renderBuckets.enumerated() where seconds <= bound { state.renderBucketCounts[index] += 1 }
        }
    }

    /// Renders finished so far, all formats.
    public var renderCount: Int { state.withLock { $0.renderCount } }

    /// The exposition text, with the cache, queue and connection gauges read now.
    func text(cache: (entries: Int, bytes: Int, evictions: Int), cacheCapacity: Int, queued: Int, transport: TransportStatistics) -> String {
        let snapshot = state.withLock { $0 }
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(String, String)]) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
            for (labels, value) in samples { lines.append(name + labels + " " + value) }
        }
        metric("spinnerd_requests_total", "counter", "HTTP requests answered, by route and status.",
               snapshot.requests.sorted { $0.key < $1.key }.map { key, count in
                   ("{route=\"\((RouteLabel(rawValue: key / 1000) ?? .other).name)\",status=\"\(key % 1000)\"}", String(count))
               })
        metric("spinnerd_cache_hits_total", "counter", "Image requests answered from the cache.", [("", String(snapshot.cacheHits))])
        metric("spinnerd_cache_misses_total", "counter", "Image requests that were not in the cache.", [("", String(snapshot.cacheMisses))])
        metric("spinnerd_cache_evictions_total", "counter", "Cache entries evicted to stay within the byte bound.", [("", String(cache.evictions))])
        metric("spinnerd_cache_bytes", "gauge", "Bytes held by the cache.", [("", String(cache.bytes))])
        metric("spinnerd_cache_capacity_bytes", "gauge", "The cache's byte bound.", [("", String(cacheCapacity))])
        metric("spinnerd_cache_entries", "gauge", "Entries in the cache.", [("", String(cache.entries))])
        metric("spinnerd_renders_total", "counter", "Images rendered, by format.",
               snapshot.renders.sorted { $0.key < $1.key }.map { ("{format=\"\($0.key)\"}", String($0.value)) })
        metric("spinnerd_render_coalesced_total", "counter", "Requests that waited for an identical render already running.",
               [("", String(snapshot.coalesced))])
        metric("spinnerd_render_rejected_total", "counter", "Renders refused with 503 because the queue was full.",
               [("", String(snapshot.rejected))])
        var histogram = zip(Self.renderBuckets, snapshot.renderBucketCounts).map { ("{le=\"\(format($0))\"}", String($1)) }
        histogram.append(("{le=\"+Inf\"}", String(snapshot.renderCount)))
        lines.append("# HELP spinnerd_render_seconds Time to render and encode one image.")
        lines.append("# TYPE spinnerd_render_seconds histogram")
        for (labels, value) in histogram { lines.append("spinnerd_render_seconds_bucket" + labels + " " + value) }
        lines.append("spinnerd_render_seconds_sum \(format(snapshot.renderSeconds))")
        lines.append("spinnerd_render_seconds_count \(snapshot.renderCount)")
        metric("spinnerd_render_queue_depth", "gauge", "Renders waiting for a worker.", [("", String(queued))])
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

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
