import SpinnerModel
import SpinnerService

/// `spinnerd sign KIND [key=value …] [--signing-key KEYS]`: the path of a spinner URL with
/// its `sig=` for a service started with the same key (`--signing-key`, else
/// `SPINNERD_SIGNING_KEY`; with several comma-separated keys, the first signs). The request
/// is validated first, so only URLs the service would render get signed.
enum SignCommand {
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        guard let invocation = Invocation.parse(arguments, command: "sign", options: ["signing-key"]) else { return 2 }
        guard let keys = invocation.options["signing-key"] ?? environment["SPINNERD_SIGNING_KEY"], let signing = URLSigning(list: keys) else {
            Invocation.fail("sign", "it signs with the service's own key, of at least \(URLSigning.minimumKeyLength) bytes: give it as "
                            + "--signing-key KEY or in SPINNERD_SIGNING_KEY, as the service was (a new key: head -c 32 /dev/urandom | base64)")
            return 2
        }
        do {
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: invocation.kindFormat, query: invocation.query)
            // Each value in its canonical spelling (a gradient as `/spinners` lists it), the
            // parameters in the order given; text (a title) as written.
            let canonical = canonicalValues(request)
            let pairs = invocation.query.map { item -> String in
                let isText = ParameterName(rawValue: item.name).flatMap { request.kind.definition(of: $0) }.map {
                    if case .text = $0.type { true } else { false }
                } ?? true
                let value = isText ? ParameterValue.percentEncoded(item.value) : queryEncoded(canonical[item.name] ?? item.value)
                return "\(ParameterValue.percentEncoded(item.name))=\(value)"
            } + ["\(URLSigning.parameter)=\(signing.signature(of: request.canonicalForm))"]
            let path = request.kind.rawValue + (invocation.kindFormat.map { "." + $0.fileExtension } ?? "")
            Console.out(ServicePaths.spinner(path) + "?" + pairs.joined(separator: "&"))
            return 0
        } catch {
            return Invocation.report(error)
        }
    }

    /// Name → canonical value, from the request's canonical form.
    private static func canonicalValues(_ request: SpinnerRequest) -> [String: String] {
        let query = request.canonicalForm.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        var values: [String: String] = [:]
        for item in query.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }

    /// `text` percent-encoded but for `(`, `)` and `,`, which a query carries as they are
    /// (a gradient stays readable: `conic-gradient(ff0000,0000ff)`).
    private static func queryEncoded(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            "(),".unicodeScalars.contains(scalar) ? String(scalar) : ParameterValue.percentEncoded(String(scalar))
        }.joined()
    }
}
