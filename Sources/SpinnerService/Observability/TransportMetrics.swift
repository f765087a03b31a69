import HTTPServer

/// The connections' figures in `/metrics`, read from the transport at each scrape.
struct TransportMetrics: MetricsSource {
    /// The transport's statistics now.
    let read: @Sendable () -> TransportStatistics

    func expose(into exposition: inout Exposition) {
        let transport = read()
        exposition.family("spinnerd_open_connections", .gauge, "Client connections being served.", transport.openConnections)
        exposition.family("spinnerd_lingering_refusals", .gauge, "Refused connections delivering their 503 before closing.",
                          transport.lingeringRefusals)
        exposition.family("spinnerd_connections_accepted_total", .counter, "Connections accepted (served or refused).", transport.accepted)
        exposition.family("spinnerd_connections_refused_total", .counter, "Connections answered 503 and closed, by reason.",
                          [("{reason=\"limit\"}", String(transport.refusedFull)), ("{reason=\"per_client\"}", String(transport.refusedClientLimit)),
                           ("{reason=\"descriptors\"}", String(transport.refusedNoDescriptor))])
        exposition.family("spinnerd_connections_evicted_total", .counter, "Idle, lingering or slow connections closed to make room at the limit.",
                          transport.evicted)
        exposition.family("spinnerd_connections_timed_out_total", .counter,
                          "Connections that did not send a request head in time (408 or closed).", transport.timedOut)
        exposition.family("spinnerd_accept_pauses_total", .counter, "Times accepting paused because the system refused descriptors or memory.",
                          transport.acceptPauses)
    }
}
