import SpinnerModel
import HTTPServer

/// One route of the service, as the one table (`ServiceRoute.all`) states it: where it
/// is, which methods it takes, what answers it, how `/metrics` counts it, how a `404`
/// lists it and how the OpenAPI document describes it. Matching, the `404` list, the
/// OpenAPI paths and the metric labels all read this table, and route paths are written
/// nowhere else.
struct ServiceRoute: Sendable {
    /// How the OpenAPI document describes a fixed route (the spinner paths are described
    /// per kind and format from the parameter definitions).
    struct Description: Sendable {
        /// The `schema` of a `200` body.
        enum Schema: Sendable {
            /// The catalog's own schema (`#/components/schemas/Catalog`).
            case catalog
            /// A string (text, HTML).
            case text
            /// An object (the OpenAPI document itself).
            case object
        }

        /// What it answers, in a sentence.
        let summary: String
        /// The `schema` of its `200` body. (Not YAML here: an enum's boxed payload in a
        /// global table is a pointer with tag bits, which LeakSanitizer does not follow.)
        let schema: Schema
        /// Whether its answers carry an ETag (and may be `304`).
        let cached: Bool
    }

    /// Its `route` label in `spinnerd_requests_total` (also its OpenAPI operations' name).
    let label: RouteLabel
    /// The paths it answers, the first as it is listed; with `matchesBelow`, the one
    /// path every target of the route starts with.
    let paths: [String]
    /// True for a family of paths below `paths[0]` (one name, no further `/`).
    let matchesBelow: Bool
    /// How a `404` lists it among the paths there are; nil: not listed (a part of a page).
    let listed: String?
    /// The `Content-Type` of its `200`s (a spinner's comes from its format).
    let mediaType: String?
    /// What answers it (as hummingbird's router keeps a responder with its route): the
    /// service's answer to a request of a method the route takes, given the name below
    /// `paths[0]` for a family of paths ("" otherwise).
    let answer: @Sendable (SpinnerService, HTTPRequest, Substring) -> HTTPAnswer
    /// Served only while the gallery is on (`--gallery`, on by default unless signed).
    let needsGallery: Bool
    /// Which listener serves it when the service has an admin one (`--admin-port`).
    let exposure: Exposure
    /// Its OpenAPI entry; nil for the spinner route and for what is not listed.
    let description: Description?

    /// Where a route is served when the service has an admin listener beside the public
    /// one: the operators' routes off the public port, the probe on both.
    enum Exposure: Sendable {
        /// The public listener only (what visitors ask for).
        case publicOnly
        /// Both (the health check: the front's checks ask the public port, the kubelet's the admin one).
        case both
        /// The admin listener only (the metrics, which a public front must never pass on).
        case adminOnly
    }

    /// The methods every route takes (and a `405` names).
    static let methods: [HTTPMethod] = [.get, .head]

    /// The spinner images: `/spinner/{kind}[.{extension}]`.
    static let spinner = ServiceRoute(
        label: .spinner, paths: ["/spinner/"], matchesBelow: true,
        listed: "/spinner/{kind}[" + OutputFormat.allCases.map { "." + $0.fileExtension }.joined(separator: "|") + "]",
        mediaType: nil, answer: { $0.spinner(SpinnerAddress($2), request: $1) }, needsGallery: false, exposure: .publicOnly, description: nil)
    /// The catalog.
    static let catalog = ServiceRoute(
        label: .catalog, paths: ["/spinners", "/spinners/"], matchesBelow: false, listed: "/spinners",
        mediaType: "application/json", answer: { service, request, _ in service.document(.catalog, request) }, needsGallery: false, exposure: .publicOnly,
        description: Description(summary: "The catalog: every kind, its parameters (type, default, range, choices, formats) and styles.",
                                 schema: .catalog, cached: true))
    /// The gallery and playground page.
    static let index = ServiceRoute(
        label: .index, paths: ["/", "/index.html"], matchesBelow: false, listed: "/",
        mediaType: "text/html; charset=utf-8", answer: { service, request, _ in service.document(.index, request) }, needsGallery: true, exposure: .publicOnly,
        description: Description(summary: "The gallery and playground page.", schema: .text, cached: true))
    /// The gallery's script modules, by file name.
    static let galleryScripts = ServiceRoute(
        label: .gallery, paths: ["/gallery/"], matchesBelow: true, listed: nil,
        mediaType: "text/javascript; charset=utf-8", answer: { $0.galleryScript($2, request: $1) }, needsGallery: true, exposure: .publicOnly,
        description: nil)
    /// The health check.
    static let health = ServiceRoute(
        label: .health, paths: ["/healthz"], matchesBelow: false, listed: "/healthz",
        mediaType: "text/plain; charset=utf-8", answer: { service, _, _ in service.health() }, needsGallery: false, exposure: .both,
        description: Description(summary: "200 while the service is up.", schema: .text, cached: false))
    /// The Prometheus exposition.
    static let metrics = ServiceRoute(
        label: .metrics, paths: ["/metrics"], matchesBelow: false, listed: "/metrics",
        mediaType: "text/plain; version=0.0.4; charset=utf-8", answer: { service, _, _ in service.metricsText() }, needsGallery: false, exposure: .adminOnly,
        description: Description(summary: "Prometheus text exposition: requests, cache, renders, connections (on the admin port "
                                 + "instead when the service has one: `--admin-port`; 404 here then).", schema: .text, cached: false))
    /// The OpenAPI document.
    static let openapi = ServiceRoute(
        label: .openapi, paths: ["/openapi.yaml"], matchesBelow: false, listed: "/openapi.yaml",
        mediaType: "application/yaml", answer: { service, request, _ in service.document(.openapi, request) }, needsGallery: false, exposure: .publicOnly,
        description: Description(summary: "This document.", schema: .object, cached: true))

    /// Every route, in the order the OpenAPI document gives them.
    static let all: [ServiceRoute] = [spinner, catalog, index, galleryScripts, health, metrics, openapi]

    /// The route `path` matches among those `listener` serves (`gallery`: whether the
    /// gallery is on), with the name below it for a family of paths; nil when none does.
    static func match(_ path: String, gallery: Bool, on listener: ServiceListener = .only) -> (route: ServiceRoute, name: Substring)? {
        for route in all where (gallery || !route.needsGallery) && listener.serves(route) {
            if route.matchesBelow {
                guard path.hasPrefix(route.paths[0]) else { continue }
                let name = path.dropFirst(route.paths[0].count)
                guard !name.isEmpty, !name.contains("/") else { return nil }
                return (route, name)
            }
            if route.paths.contains(path) { return (route, "") }
        }
        return nil
    }

    /// What a `404` on `listener` lists as the paths there are: those always there, then
    /// the gallery's when it is on.
    static func listed(gallery: Bool, on listener: ServiceListener = .only) -> String {
        (all.filter { !$0.needsGallery } + (gallery ? all.filter(\.needsGallery) : [])).filter(listener.serves).compactMap(\.listed)
            .joined(separator: ", ")
    }
}

/// The listener a request arrived on, and so the routes it may reach.
enum ServiceListener: Sendable {
    /// The one listener of a service without an admin port: every route.
    case only
    /// The public listener beside an admin one: every route but the operators'.
    case publicBesideAdmin
    /// The admin listener: the health check and the metrics.
    case admin

    /// True when `route` is served on this listener.
    func serves(_ route: ServiceRoute) -> Bool {
        switch self {
        case .only: true
        case .publicBesideAdmin: route.exposure != .adminOnly
        case .admin: route.exposure != .publicOnly
        }
    }
}

/// `/spinner/{kind}[.{extension}]` read: the kind it names and the format its extension
/// names (nil without one), each nil-or-refused as the path says.
struct SpinnerAddress: Sendable {
    /// The kind, or why the name is none.
    let kind: Result<SpinnerKind, RequestError>
    /// The format of the extension (nil: none given), or why it is none.
    let format: Result<OutputFormat?, RequestError>

    /// The address in `name` (what follows `/spinner/`). Kinds and extensions are matched
    /// without regard to case (`.PNG` is `.png`).
    init(_ name: Substring) {
        var kindName = name
        var format: Result<OutputFormat?, RequestError> = .success(nil)
        if let dot = name.lastIndex(of: ".") {
            kindName = name[..<dot]
            let fileExtension = String(name[name.index(after: dot)...])
            format = OutputFormat(fileExtension: fileExtension).map { .success($0) } ?? .failure(.unknownFormat(fileExtension))
        }
        self.kind = SpinnerKind(named: String(kindName)).map { .success($0) } ?? .failure(.unknownKind(String(kindName)))
        self.format = format
    }

    /// The kind and format, or the first problem: an unknown extension before an unknown kind.
    func resolved() throws(RequestError) -> (kind: SpinnerKind, format: OutputFormat?) {
        let format = try format.get()
        return (try kind.get(), format)
    }
}

/// The `route` label of `spinnerd_requests_total`: one per route (`index` the gallery's
/// page, `gallery` its script modules), `other` for the rest. Its raw value orders them.
enum RouteLabel: Int, Sendable, CaseIterable {
    case spinner, catalog, index, gallery, health, metrics, openapi, other

    /// The label as written in `/metrics`.
    var name: String { String(describing: self) }
}

/// The route table's paths for the command line (the health check, signed URLs).
public enum ServicePaths {
    /// The health check's path.
    public static let health: String = ServiceRoute.health.paths[0]

    /// The path of spinner `name` (`circular`, `circular.gif`).
    public static func spinner(_ name: String) -> String { ServiceRoute.spinner.paths[0] + name }
}
