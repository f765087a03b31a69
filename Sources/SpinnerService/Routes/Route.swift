import SpinnerModel

/// The routes of the service, from a request path.
enum Route: Hashable, Sendable {
    /// `/spinner/{kind}` or `/spinner/{kind}.{extension}`.
    case spinner(kind: String, fileExtension: String?)
    case catalog
    case index
    case health
    case metrics
    case openAPI
    case notFound

    /// A fixed document (catalog, gallery, OpenAPI) rather than a computed answer.
    var isDocument: Bool { self == .catalog || self == .index || self == .openAPI }

    init(path: String) {
        switch path {
        case "/", "/index.html": self = .index
        case "/spinners", "/spinners/": self = .catalog
        case "/healthz": self = .health
        case "/metrics": self = .metrics
        case "/openapi.yaml": self = .openAPI
        default:
            guard path.hasPrefix("/spinner/") else { self = .notFound; return }
            let name = path.utf8.dropFirst("/spinner/".utf8.count)
            guard !name.isEmpty, !name.contains(UInt8(ascii: "/")) else { self = .notFound; return }
            if let dot = name.lastIndex(of: UInt8(ascii: ".")) {
                self = .spinner(kind: String(Substring(name[..<dot])), fileExtension: String(Substring(name[name.index(after: dot)...])))
            } else {
                self = .spinner(kind: String(Substring(name)), fileExtension: nil)
            }
        }
    }

    /// The label used in metrics.
    var label: RouteLabel {
        switch self {
        case .spinner: .spinner
        case .catalog: .catalog
        case .index: .index
        case .health: .health
        case .metrics: .metrics
        case .openAPI: .openapi
        case .notFound: .other
        }
    }
}

/// The `route` label of `spinnerd_requests_total`: one per route, `other` for the rest.
/// Its raw value keys the counters (no lookup per request).
enum RouteLabel: Int, Sendable {
    case spinner, catalog, index, health, metrics, openapi, other

    /// The label as written in `/metrics`.
    var name: String { String(describing: self) }
}
