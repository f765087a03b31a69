/// The cache's size and bound, read at each scrape, and its evictions.
extension ByteBoundedLRU: MetricsSource {
    func expose(into exposition: inout Exposition) {
        let (entries, bytes, evictions) = statistics
        exposition.family("spinnerd_cache_evictions_total", .counter, "Cache entries evicted to stay within the byte bound.", evictions)
        exposition.family("spinnerd_cache_bytes", .gauge, "Bytes held by the cache.", bytes)
        exposition.family("spinnerd_cache_capacity_bytes", .gauge, "The cache's byte bound.", capacity)
        exposition.family("spinnerd_cache_entries", .gauge, "Entries in the cache.", entries)
    }
}
