import SpinnerModel

/// The OpenAPI 3.1 description of the service, generated from the same parameter
/// definitions that validate requests (so it cannot drift from the code). Each kind has
/// one path per format, `/spinner/{kind}.{format}`, listing exactly the parameters that
/// format takes, plus `/spinner/{kind}` (SVG). `make openapi` writes it to openapi.yaml,
/// and a test checks the committed file is current.
public enum OpenAPIDocument {
    /// CSS `rgb()`/`rgba()`/`hsl()`/`hsla()` with whole-number components in range (the
    /// service also takes fractions, `none` and angle units; a pattern cannot state their ranges).
    static let cssColorFunctionPattern: String = {
        let byte = "(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])", percent = "(100|[1-9]?[0-9])%"
        let alpha = "(0|1|0?\\.[0-9]{1,3}|\(percent))", hue = "(36[0]|3[0-5][0-9]|[12]?[0-9]?[0-9])(deg)?"
        let modernRGB = "rgba?\\((\(byte)|\(percent)) (\(byte)|\(percent)) (\(byte)|\(percent))( / \(alpha))?\\)"
        let legacyRGB = "rgba?\\((\(byte), ?\(byte), ?\(byte)|\(percent), ?\(percent), ?\(percent))(, ?\(alpha))?\\)"
        let modernHSL = "hsla?\\(\(hue) \(percent) \(percent)( / \(alpha))?\\)"
        let legacyHSL = "hsla?\\(\(hue), ?\(percent), ?\(percent)(, ?\(alpha))?\\)"
        return "^(" + [modernRGB, legacyRGB, modernHSL, legacyHSL].joined(separator: "|") + ")$"
    }()

    /// The YAML text.
    public static func yaml(version: String) -> String {
        document(version: version).text
    }

    static func document(version: String) -> YAML {
        var paths: [(String, YAML)] = []
        // The route table's order; the spinner route's paths per kind and format.
        for route in ServiceRoute.all {
            if route.label == .spinner {
                let prefix = route.paths[0]
                for kind in SpinnerKind.allCases {
                    paths.append((prefix + kind.rawValue, spinnerPath(kind, .svg, pathExtension: false)))
                    for format in OutputFormat.allCases {
                        paths.append(("\(prefix)\(kind.rawValue).\(format.fileExtension)", spinnerPath(kind, format, pathExtension: true)))
                    }
                }
            } else if let description = route.description, let mediaType = route.mediaType {
                let schema: YAML = switch description.schema {
                case .catalog: .map([("$ref", .string("#/components/schemas/Catalog"))])
                case .text: .map([("type", .string("string"))])
                case .object: .map([("type", .string("object"))])
                }
                paths.append((route.paths[0], documentPath(route.label.name, description.summary, mediaType: mediaType,
                                                           schema: schema, cached: description.cached)))
            }
        }
        return .map([
            ("openapi", .string("3.1.0")),
            ("info", .map([
                ("title", .string("spinnerd")),
                ("version", .string(version)),
                ("description", .string("Animated loading spinners rendered on demand as \(OutputFormat.listedForPeople). Images are a pure function "
                                        + "of the URL and the service version: they carry a strong ETag and are cacheable forever. "
                                        + "A new APNG, GIF or WebP URL is answered at once by a quick, provisional encode "
                                        + "(`Cache-Control: \(ServiceHeaders.provisional)`, its own ETag) while the final one is made "
                                        + "behind it; revalidating the provisional ETag then gets the final bytes (`--provisional=false`: "
                                        + "one final encode per URL). "
                                        + "Parameters that do not apply to a kind or format are refused with 400; so are requests "
                                        + "beyond the render budget, checked before any work: \(Self.budgetText(.standard)) "
                                        + "(`spinnerd cost` prints the estimate). "
                                        + "Extensions are case-insensitive (`.PNG` is `.png`). "
                                        + "400, 403 and 404 answers may be cached for a short public lifetime (60 s by default, "
                                        + "`--error-max-age`); 503s never. "
                                        + "Signed mode (`--signing-key`, for public deployments): every spinner URL must also carry "
                                        + "`sig=`, the HMAC-SHA256 of the URL's canonical form (the cache key: kind, format and every "
                                        + "parameter with its default, sorted) under one of the keys, base64url without padding "
                                        + "(`spinnerd sign KIND key=value …` prints a signed path); any spelling of a signed URL carries "
                                        + "the same signature. Without a valid one the answer is 403, and the gallery at / is off "
                                        + "unless `--gallery` is given. Outside signed mode `sig` is an unknown parameter (400).")),
            ])),
            ("paths", .map(paths)),
            ("components", components()),
        ])
    }

    private static func spinnerPath(_ kind: SpinnerKind, _ format: OutputFormat, pathExtension: Bool) -> YAML {
        let parameters = kind.parameters.filter { $0.formats.contains(format) }.map(parameter)
        let name = "\(kind.rawValue)-\(pathExtension ? format.rawValue : "default")"
        let summary = "\(kind.rawValue) as \(format.displayName)" + (pathExtension ? "" : " (the default format)")
        func operation(_ method: String) -> YAML {
            // APNG, GIF and WebP may be answered provisionally first (`--provisional`).
            let provisional = [.apng, .gif, .webp].contains(format)
            let policy = provisional
                ? "\(ServiceHeaders.immutable) for the final encode; the first answers of a URL nobody asked before may be a quick, "
                    + "provisional encode with `\(ServiceHeaders.provisional)` and its own ETag, until the final one replaces it"
                : ServiceHeaders.immutable
            var ok: [(String, YAML)] = [
                ("description", .string("The image. Cache-Control: \(policy).")),
                ("headers", .map([("ETag", header("Strong entity tag of this representation.")),
                                  ("Cache-Control", header(policy))])),
            ]
            if method == "get" {
                // A Lottie animation is a JSON object (its layers, keyframes and slots); the rest are bytes.
                let schema: YAML = format == .lottie
                    ? .map([("type", .string("object")), ("required", .list(["v", "fr", "ip", "op", "w", "h", "layers"].map(YAML.string)))])
                    : .map([("type", .string("string")), ("contentMediaType", .string(format.mediaType))])
                ok.append(("content", .map([(format.mediaType, .map([("schema", schema)]))])))
            }
            return .map([
                ("operationId", .string("\(method)-\(name)")),
                ("summary", .string(summary)),
                ("description", .string(kind.design.summary)),
                ("parameters", .list(parameters)),
                ("responses", .map([("200", .map(ok))] + errorResponses(notModified: true, unavailable: true, signed: true))),
            ])
        }
        return .map(ServiceRoute.methods.map { ($0.rawValue.lowercased(), operation($0.rawValue.lowercased())) })
    }

    /// A fixed route's operations; `mediaType` as it is sent (parameters such as
    /// `charset` are left out here).
    private static func documentPath(_ name: String, _ description: String, mediaType: String, schema: YAML, cached: Bool) -> YAML {
        let mediaType = String(mediaType.prefix { $0 != ";" })
        func operation(_ method: String) -> YAML {
            var ok: [(String, YAML)] = [("description", .string(description))]
            if method == "get" { ok.append(("content", .map([(mediaType, .map([("schema", schema)]))]))) }
            return .map([
                ("operationId", .string("\(method)-\(name)")),
                ("summary", .string(description)),
                ("responses", .map([("200", .map(ok))] + errorResponses(notModified: cached, unavailable: false))),
            ])
        }
        return .map(ServiceRoute.methods.map { ($0.rawValue.lowercased(), operation($0.rawValue.lowercased())) })
    }

    private static func header(_ description: String) -> YAML {
        .map([("description", .string(description)), ("schema", .map([("type", .string("string"))]))])
    }

    /// Every error status the server can send for an operation (the transport's 408, 413,
    /// 414, 431 and 505 answer any request).
    private static func errorResponses(notModified: Bool, unavailable: Bool, signed: Bool = false) -> [(String, YAML)] {
        var responses: [(String, YAML)] = []
        if notModified { responses.append(("304", reference("NotModified"))) }
        responses.append(("400", reference("BadRequest")))
        if signed { responses.append(("403", reference("SignatureRequired"))) }
        responses += [("404", reference("NotFound")), ("405", reference("MethodNotAllowed")),
                      ("408", reference("TransportError")), ("413", reference("TransportError")), ("414", reference("TransportError")),
                      ("431", reference("TransportError")), ("500", reference("ServerError")), ("501", reference("TransportError")),
                      ("505", reference("TransportError"))]
        responses.append(("503", reference("Unavailable")))
        return responses
    }

    private static func reference(_ name: String) -> YAML {
        .map([("$ref", .string("#/components/responses/\(name)"))])
    }

    private static func parameter(_ definition: ParameterDefinition) -> YAML {
        var schema: [(String, YAML)] = []
        switch definition.type {
        case .integer(let value, let range):
            schema = [("type", .string("integer")), ("minimum", .integer(range.lowerBound)), ("maximum", .integer(range.upperBound)),
                      ("default", .integer(value))]
        case .decimal(let value, let range, _, _):
            schema = [("type", .string("number")), ("minimum", .number(range.lowerBound.doubleValue)),
                      ("maximum", .number(range.upperBound.doubleValue))]
            if let value { schema.append(("default", .number(value.doubleValue))) }
        case .color(let value, _):
            schema = [("$ref", .string("#/components/schemas/Color"))]
            if let value { schema.append(("default", .string(value.canonicalText))) }
        case .paint(let value, _, let conic):
            schema = [("anyOf", .list([.map([("$ref", .string("#/components/schemas/Color"))]),
                                       .map([("$ref", .string(conic ? "#/components/schemas/Gradient" : "#/components/schemas/FillGradient"))])]))]
            if let value { schema.append(("default", .string(value.canonicalText))) }
        case .dropShadow:
            schema = [("type", .string("string")), ("maxLength", .integer(DropShadowValue.maximumLength)),
                      ("pattern", .string("^ *[-+]?[0-9.]+ *(, *[-+]?[0-9.]+ *, *[-+]?[0-9.]+ *(,.+)?)?$"))]
        case .choice(let value, let options):
            schema = [("type", .string("string")), ("enum", .list(options.map(YAML.string))), ("default", .string(value))]
        case .text(let value, let maxLength):
            schema = [("type", .string("string")), ("maxLength", .integer(maxLength)),
                      ("pattern", .string("^[^\\u0000-\\u001f\\u007f-\\u009f\\ufffe\\uffff]*$")), ("default", .string(value))]
        case .token(let maxLength):
            schema = [("type", .string("string")), ("minLength", .integer(1)), ("maxLength", .integer(maxLength)),
                      ("pattern", .string("^[\(ParameterType.tokenCharacters)]+$"))]
        }
        return .map([("name", .string(definition.name.rawValue)), ("in", .string("query")), ("required", .bool(false)),
                     ("description", .string(definition.summary)), ("schema", .map(schema))])
    }

    /// A CSS gradient of one of `functions` (`linear`, `radial`): the grammar in prose, the
    /// outline as a pattern (ECMA-262 has no case-insensitive group), the length bound.
    private static func gradientSchema(functions: [String]) -> YAML {
        let names: String = functions.map { $0 + "-gradient" }.joined(separator: ", ")
        let grammar: String = "linear-gradient([<angle> | to <side or corner>,] <stops>), "
            + "radial-gradient([circle | ellipse] [closest-side | closest-corner | farthest-side | farthest-corner | <x>% <y>%] "
            + "[at <position>], <stops>), conic-gradient([from <angle>] [at <position>], <stops>)"
        let limits: String = "Angles in deg, grad, rad or turn; positions and sizes in % of the layer's square box or keywords (no px); "
            + "2 to \(GradientValue.maximumStops) stops, each a colour as the Color schema takes it with up to two positions "
            + "(% or, for conic, an angle); no colour hints, no repeating-* gradients; at most \(GradientValue.maximumLength) bytes. "
            + "Equivalent spellings are one canonical form (to right = 90deg = 0.25turn; default positions given or not)."
        let description: String = "A CSS gradient (CSS Images 3/4), case-insensitive, one of " + names + ": " + grammar + ". " + limits
        return .map([
            ("type", .string("string")),
            ("maxLength", .integer(GradientValue.maximumLength)),
            ("pattern", .string("^[A-Za-z]+-[A-Za-z]+\\([ -~]*\\)$")),
            ("description", .string(description)),
        ])
    }

    private static func components() -> YAML {
        let problem: YAML = .map([("$ref", .string("#/components/schemas/Problem"))])
        let plain: YAML = .map([("type", .string("string"))])
        func content(_ entries: [(String, YAML)]) -> YAML { .map(entries.map { ($0.0, .map([("schema", $0.1)])) }) }
        let colorNames = ColorValue.acceptedNames
        return .map([
            ("schemas", .map([
                ("Color", .map([
                    ("description", .string("#rgb, #rgba, #rrggbb or #rrggbbaa (the # optional), CSS rgb()/rgba()/hsl()/hsla() "
                                            + "(comma or space syntax, percentages, alpha; values in range), a CSS colour name, "
                                            + "transparent (or none), or an iOS system colour (names are case-insensitive).")),
                    ("anyOf", .list([
                        .map([("type", .string("string")), ("pattern", .string("^#?([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"))]),
                        .map([("type", .string("string")), ("pattern", .string(Self.cssColorFunctionPattern))]),
                        .map([("type", .string("string")), ("enum", .list(colorNames.map(YAML.string)))]),
                    ])),
                ])),
                ("Gradient", Self.gradientSchema(functions: ["linear", "radial", "conic"])),
                ("FillGradient", Self.gradientSchema(functions: ["linear", "radial"])),
                ("Problem", .map([
                    ("type", .string("object")),
                    ("required", .list(["type", "title", "status", "detail"].map(YAML.string))),
                    ("properties", .map([
                        ("type", plain), ("title", plain), ("status", .map([("type", .string("integer"))])), ("detail", plain),
                        ("parameter", plain), ("value", plain), ("accepted", plain),
                        ("kinds", .map([("type", .string("array")), ("items", plain)])),
                        ("largest_size", .map([("type", .string("integer")), ("description", .string(
                            "For a render budget refusal: the largest size (CSS pixels) admitted with the other parameters as given."))])),
                        ("highest_fps", .map([("type", .string("integer")), ("description", .string(
                            "For too many frames: the highest fps admitted with the other parameters as given."))])),
                        ("error_id", .map([("type", .string("string")), ("pattern", .string("^[0-9a-f]{16}$")), ("description", .string(
                            "For a failure of the service's own (500): the id under which its log has what failed."))])),
                    ])),
                ])),
                ("Catalog", .map([
                    ("type", .string("object")),
                    ("required", .list(["version", "formats", "kinds", "systemColors"].map(YAML.string))),
                    ("properties", .map([
                        ("version", plain),
                        ("formats", .map([("type", .string("array")), ("items", .map([("type", .string("object"))]))])),
                        ("kinds", .map([("type", .string("array")), ("items", .map([("type", .string("object")),
                            ("required", .list(["name", "parameters", "url"].map(YAML.string)))]))])),
                        ("systemColors", .map([
                            ("description", .string("The iOS system colours a colour parameter accepts by name (and their SwiftUI "
                                                    + "aliases), with the light and dark value the service draws (hex).")),
                            ("type", .string("array")),
                            ("items", .map([("type", .string("object")),
                                            ("required", .list(["name", "aliases", "light", "dark"].map(YAML.string)))])),
                        ])),
                    ])),
                ])),
            ])),
            ("responses", .map([
                ("NotModified", .map([("description", .string("The client's copy (If-None-Match) is current."))])),
                ("BadRequest", .map([("description", .string("A parameter was refused: the body names it, its value and what is accepted. "
                                                              + "A malformed request gets a plain-text 400 from the transport.")),
                                     ("content", content([("application/problem+json", problem), ("text/plain", plain)]))])),
                ("SignatureRequired", .map([("description", .string("Signed mode only: the URL has no sig, several, or one that is not "
                                                                      + "the HMAC-SHA256 of its canonical form under any of the keys.")),
                                            ("content", content([("application/problem+json", problem)]))])),
                ("NotFound", .map([("description", .string("No such kind (the body lists the kinds) or route.")),
                                   ("content", content([("application/problem+json", problem)]))])),
                ("MethodNotAllowed", .map([("description", .string("Only GET and HEAD.")),
                                           ("headers", .map([("Allow", header("GET, HEAD"))])),
                                           ("content", content([("application/problem+json", problem)]))])),
                ("TransportError", .map([("description", .string("408 request too slow, 413 body too large, 414 request line too long, "
                                                                   + "431 headers too large, 501 Transfer-Encoding, 505 HTTP version.")),
                                         ("content", content([("text/plain", plain)]))])),
                ("ServerError", .map([("description", .string("The renderer failed (Cairo or an encoder): the body says so with an "
                                                               + "error id, and the service's log has what failed under that id.")),
                                      ("content", content([("application/problem+json", problem)]))])),
                ("Unavailable", .map([("description", .string("The render lane's queue is full, the client's share of costly renders is in use, "
                                                             + "the render waited its limit for a thread and memory (--queue-timeout), "
                                                             + "the render passed its deadline (--render-timeout), or there are too many "
                                                             + "connections; retry after the given seconds. Every admitted request is "
                                                             + "answered within the wait limit plus the deadline (20 s by default).")),
                                      ("headers", .map([("Retry-After", header("Seconds to wait."))])),
                                      ("content", content([("application/problem+json", problem), ("text/plain", plain)]))])),
            ])),
        ])
    }

    /// The render budget in words, from its values (`--max-pixel-frames`, `--max-frames`
    /// and `--max-render-seconds` change them on a server; this document states the defaults).
    static func budgetText(_ budget: RenderBudget) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
        let pixelFrames = budget.maxPixelFrames % 1_000_000 == 0 ? "\(budget.maxPixelFrames / 1_000_000) M" : "\(budget.maxPixelFrames)"
        return "loop ≤ \(number(Double(budget.maxLoopMilliseconds) / 1000)) s, ≤ \(budget.maxFrames) frames, "
            + "≤ \(budget.maxPixelsPerSide) px a side, ≤ \(pixelFrames) pixels × frames, an estimated render time "
            + "≤ \(number(budget.maxRenderSeconds)) s of one core and memory ≤ \(budget.maxRenderBytes >> 20) MiB, "
            + "and an image of ≤ \(budget.maxOutputBytes >> 20) MiB"
    }
}
