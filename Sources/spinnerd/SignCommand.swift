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
            Invocation.fail("sign", "a signing key of at least \(URLSigning.minimumKeyLength) bytes is needed (--signing-key or SPINNERD_SIGNING_KEY)")
            return 2
        }
        do {
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: invocation.kindFormat, query: invocation.query)
            let pairs = invocation.query.map { "\(ParameterValue.percentEncoded($0.name))=\(ParameterValue.percentEncoded($0.value))" }
                + ["\(URLSigning.parameter)=\(signing.signature(of: request.canonicalForm))"]
            let path = request.kind.rawValue + (invocation.kindFormat.map { "." + $0.fileExtension } ?? "")
            Console.out(ServicePaths.spinner(path) + "?" + pairs.joined(separator: "&"))
            return 0
        } catch {
            return Invocation.report(error)
        }
    }
}
