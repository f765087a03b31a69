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

    init(path: String) {
        switch path {
        case "/", "/index.html": self = .index
        case "/spinners", "/spinners/": self = .catalog
        case "/healthz": self = .health
        case "/metrics": self = .metrics
        case "/openapi.yaml": self = .openAPI
        default:
            guard path.hasPrefix("/spinner/") else { self = .notFound; return }
            let name = String(path.dropFirst("/spinner/".count))
            guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else { self = .notFound; return }
            if let dot = name.lastIndex(of: ".") {
                self = .spinner(kind: String(name[..<dot]), fileExtension: String(name[name.index(after: dot)...]))
            } else {
                self = .spinner(kind: name, fileExtension: nil)
            }
        }
    }

    /// The label used in metrics.
    var label: String {
        switch self {
        case .spinner: "spinner"
        case .catalog: "catalog"
        case .index: "index"
        case .health: "health"
        case .metrics: "metrics"
        case .openAPI: "openapi"
        case .notFound: "other"
        }
    }
}
