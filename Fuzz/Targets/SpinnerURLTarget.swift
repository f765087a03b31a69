import HTTPServer
import SpinnerModel
import SpinnerRendering
import SpinnerService

/// A spinner URL as the service reads it: `/spinner/{kind}[.{ext}]?{query}`, the query
/// percent-decoded by the HTTP layer, then validated into a `SpinnerRequest`.
enum SpinnerURL {
    /// The request `name` (`kind`, `kind.ext`, or a canonical form's `kind.format`) and
    /// `query` (raw, as in a URL) ask for, or the typed refusal. `formatByName` reads the
    /// part after the dot as a format's name (the canonical form's spelling) rather than
    /// as a file extension.
    static func parse(_ name: String, query: String, formatByName: Bool = false) throws(RequestError) -> SpinnerRequest {
        var kind = name, format: OutputFormat? = nil
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) {
            kind = String(Substring(name.utf8[..<dot]))
            let ext = String(Substring(name.utf8[name.utf8.index(after: dot)...]))
            guard let known = formatByName ? OutputFormat(rawValue: ext) : OutputFormat(fileExtension: ext) else {
                throw .unknownFormat(ext)
            }
            format = known
        }
        let items = HTTPRequest(method: .get, target: "/spinner/x?" + query).query
        return try SpinnerRequest.parse(kind: kind, format: format, query: items)
    }

    /// Parses a canonical form (`kind.format?query`).
    static func parse(canonical: String) throws(RequestError) -> SpinnerRequest {
        let parts = canonical.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return try parse(String(parts[0]), query: parts.count > 1 ? String(parts[1]) : "", formatByName: true)
    }

    /// Every refusal is typed and says what is wrong: an unknown kind is a 404 naming no
    /// parameter; anything else names one and has a detail for people.
    static func requireDescribed(_ error: RequestError) {
        if case .unknownKind = error {
            require(error.httpStatus == .notFound, "an unknown kind is not a 404")
        } else {
            require(error.httpStatus == .badRequest, "a refusal that is not a 400: \(error)")
            require(error.parameter.map { !$0.isEmpty } ?? false, "a refusal naming no parameter: \(error)")
        }
        require(!error.detail.isEmpty && !error.title.isEmpty, "a refusal without a title or detail: \(error)")
    }

    /// The oracle every accepted request meets: its canonical form is a fixed point,
    /// equivalent spellings (items reversed, every byte percent-encoded, the format in the
    /// name) share it,
    /// and its estimate is within the budget or a typed budget refusal.
    static func requireCanonical(_ request: SpinnerRequest, query: [(name: String, value: String)]) {
        let canonical = request.canonicalForm
        do throws(RequestError) {
            let again = try parse(canonical: canonical)
            require(again == request, "the canonical form \(canonical) parses to another request")
            require(again.canonicalForm == canonical, "the canonical form \(canonical) is not a fixed point: \(again.canonicalForm)")
        } catch {
            require(false, "the canonical form \(canonical) is refused: \(error)")
        }
        let name = "\(request.kind.rawValue).\(request.format.rawValue)"
        let reversed = query.filter { $0.name != "format" }.reversed().map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
        do throws(RequestError) {
            let respelled = try parse(name, query: reversed, formatByName: true)
            require(respelled.canonicalForm == canonical, "a respelling of \(canonical) has the form \(respelled.canonicalForm)")
        } catch {
            require(false, "a respelling of \(canonical) (\(reversed)) is refused: \(error)")
        }
        let budget = RenderBudget.standard
        do throws(RequestError) {
            let estimate = try SpinnerRenderer(budget: budget).prepare(request).estimate
            require(estimate.seconds <= budget.maxRenderSeconds && estimate.peakBytes <= budget.maxRenderBytes,
                    "\(canonical) is admitted with an estimate beyond the budget: \(estimate)")
        } catch {
            requireDescribed(error)
        }
    }

    /// Every byte as `%XX`: the same value to the decoder.
    static func encode(_ text: String) -> String {
        text.utf8.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return "%" + (hex.count == 1 ? "0" + hex : hex)
        }.joined()
    }
}

/// Whole spinner URLs from arbitrary bytes (`kind[.ext]?query`, as UTF-8 with errors
/// replaced), through the same decoding and validation as the service.
enum SpinnerURLTarget {
    static let target = FuzzTarget(
        name: "url", summary: "path and query → request → canonical form → estimate: fixed point, respellings, budget, typed refusals",
        run: run)

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]), query = parts.count > 1 ? String(parts[1]) : ""
        do throws(RequestError) {
            let request = try SpinnerURL.parse(name, query: query)
            let items = HTTPRequest(method: .get, target: "/spinner/x?" + query).query
            SpinnerURL.requireCanonical(request, query: items)
        } catch {
            SpinnerURL.requireDescribed(error)
        }
    }
}

/// One parameter's value from arbitrary bytes, for a kind and format where the parameter
/// applies: the colour, time, number, choice and text parsers. A refusal must name that
/// parameter; an acceptance must survive the canonical round trip.
enum ParameterValueTarget {
    static let target = FuzzTarget(
        name: "value", summary: "each parameter's value parser: refusals name it, acceptances round-trip", run: run)

    static let slots: [(kind: SpinnerKind, name: ParameterName, format: OutputFormat)] = SpinnerKind.allCases.flatMap { kind in
        ParameterName.allCases.compactMap { name in
            kind.definition(of: name).flatMap { definition in
                OutputFormat.allCases.first(where: definition.formats.contains).map { (kind, name, $0) }
            }
        }
    }

    static func run(_ data: [UInt8]) {
        var input = FuzzBytes(data)
        let slot = slots[input.int(in: 0 ... slots.count - 1)]
        let value = String(decoding: input.rest(), as: UTF8.self)
        do throws(RequestError) {
            let request = try SpinnerRequest.parse(kind: slot.kind.rawValue, format: slot.format, query: [(slot.name.rawValue, value)])
            SpinnerURL.requireCanonical(request, query: [(slot.name.rawValue, value)])
        } catch {
            SpinnerURL.requireDescribed(error)
            require(error.parameter == slot.name.rawValue,
                    "\(slot.name.rawValue)=\(value.prefix(80)) for \(slot.kind) was refused naming \(error.parameter ?? "nothing")")
        }
    }
}
