#if canImport(Glibc)
import Glibc
#endif
import SpinnerService

/// `spinnerd serve`'s command line: its words split as every command's are, then each
/// value through its row of `ServeSetting.all` (flags over the environment over defaults).
enum ServeOptions {
    static func parse(_ arguments: [String], environment: [String: String]) -> Result<ServeSettings, OptionError> {
        let words: OptionWords
        switch OptionWords.parse(arguments, switches: ServeSetting.switches, takesValue: nil) {
        case .success(let parsed): words = parsed
        case .failure(let error): return .failure(error)
        }
        if let word = words.rest.first { return .failure(OptionError("unexpected argument '\(word)'")) }
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        return ServeSettings.resolve(flags: words.values, environment: environment, cores: cores).mapError { OptionError($0.message) }
    }
}

/// A refused option.
struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
