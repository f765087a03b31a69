import SpinnerModel
import SpinnerService

/// `spinnerd sign KIND [key=value …] [--signing-key KEYS]`: the path of a spinner URL with
/// its `sig=` for a service started with the same key (`--signing-key`, else
/// `SPINNERD_SIGNING_KEY`; with several comma-separated keys, the first signs). The request
/// is validated first, so only URLs the service would render get signed.
enum SignCommand {
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var rest: [String] = []
        var keys = environment["SPINNERD_SIGNING_KEY"]
        var remaining = arguments[...]
        while let word = remaining.popFirst() {
            if word == "--signing-key" {
                guard let value = remaining.popFirst() else { return fail("--signing-key needs a value") }
                keys = value
            } else if word.hasPrefix("--signing-key=") {
                keys = String(word.dropFirst("--signing-key=".count))
            } else {
                rest.append(word)
            }
        }
        guard let keys, let signing = URLSigning(list: keys) else {
            return fail("a signing key of at least \(URLSigning.minimumKeyLength) bytes is needed (--signing-key or SPINNERD_SIGNING_KEY)")
        }
        guard let invocation = Invocation.parse(rest, command: "sign", needsOutput: false) else { return 2 }
        do {
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: nil, query: invocation.query)
            let pairs = invocation.query.map { "\(ParameterValue.percentEncoded($0.name))=\(ParameterValue.percentEncoded($0.value))" }
                + ["\(URLSigning.parameter)=\(signing.signature(of: request.canonicalForm))"]
            Console.out("/spinner/\(ParameterValue.percentEncoded(invocation.kind))?" + pairs.joined(separator: "&"))
            return 0
        } catch {
            return Invocation.report(error)
        }
    }

    private static func fail(_ problem: String) -> Int32 {
        Console.error("spinnerd sign: \(problem)\n\n" + Usage.text)
        return 2
    }
}
