import SpinnerService
import SpinnerModel

/// The help texts: the commands at a glance (`spinnerd --help`), and each command's own
/// (`spinnerd serve --help` its flags, `spinnerd render --help` its options).
enum Usage {
    /// Every command, one block each, `serve` first (its flags are in `serve`).
    static let text = "usage: spinnerd COMMAND [arguments]   (spinnerd COMMAND --help: that command alone)\n\n"
        + Commands.all.map(\.usage).joined(separator: "\n") + "\n\n" + spinnerNotes
        + "\nExample: " + (Commands.named("render")?.example?.split(separator: "\n").first.map(String.init) ?? "")
        + "\nspinnerd with no command prints this and exits 2."

    /// `serve` with every flag: `spinnerd serve --help`.
    static let serve = "usage: spinnerd serve "
        + ServeSetting.usageFlags(width: 104).joined(separator: "\n                        ")
        + "\n                    run the HTTP service, on \(ServeSetting.defaults.host):\(ServeSetting.defaults.port) unless told (--host 127.0.0.1 for this machine only);\n"
        + "                    every flag has an environment variable (PORT, HOST, SPINNERD_…)"

    /// The help of `command` (a command's name): `serve`'s flags, another command's block,
    /// the notes on kinds, formats and parameters for a command that takes a spinner, and
    /// its own example; nil for a name that is no command.
    static func help(for command: String) -> String? {
        if command == "serve" { return serve }
        guard let block = Commands.named(command) else { return nil }
        var text = "usage: " + block.usage.drop(while: { $0 == " " })
        if block.takesSpinner { text += "\n\n" + spinnerNotes }
        if let example = block.example {
            text += (block.takesSpinner ? "\n" : "\n\n") + "Example: " + example.split(separator: "\n").joined(separator: "\n         ")
        }
        return text
    }

    /// What every command that takes a spinner shares (the formats and extensions listed
    /// from `OutputFormat`, so that a new format is named here).
    private static let spinnerNotes = """
    The format comes from KIND.EXT, format=\(OutputFormat.allCases.map(\.rawValue).joined(separator: "|")) or the file's extension \
    (\(OutputFormat.allCases.map { "." + $0.fileExtension }.joined(separator: " ")));
    an extension spinnerd does not write, or two that disagree, is refused (.png may name an APNG: its own convention).
    Parameters and their ranges are those of `spinnerd kinds`, the same as the HTTP query.
    """

    /// The line printed after a usage error (the whole text is `spinnerd --help`).
    static let hint = "run 'spinnerd --help' for usage"
}
