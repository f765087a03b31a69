import SpinnerService

/// The help texts: the commands at a glance (`spinnerd --help`), and each command's own
/// (`spinnerd serve --help` its flags, `spinnerd render --help` its options).
enum Usage {
    /// Every command, one block each, `serve` first (its flags are in `serve`).
    static let text = "usage: spinnerd COMMAND [arguments]   (spinnerd COMMAND --help: that command alone)\n\n"
        + Commands.all.map(\.usage).joined(separator: "\n") + "\n\n" + notes

    /// `serve` with every flag: `spinnerd serve --help`.
    static let serve = "usage: spinnerd serve "
        + ServeSetting.usageFlags(width: 104).joined(separator: "\n                        ")
        + "\n                    run the HTTP service, on \(ServeSetting.defaults.host):\(ServeSetting.defaults.port) unless told (--host 127.0.0.1 for this machine only);\n"
        + "                    every flag has an environment variable (PORT, HOST, SPINNERD_…)"

    /// The help of `command` (a command's name): `serve`'s flags, another command's block
    /// and the notes on kinds, formats and parameters; nil for a name that is no command.
    static func help(for command: String) -> String? {
        if command == "serve" { return serve }
        guard let block = Commands.named(command) else { return nil }
        return "usage: " + block.usage.drop(while: { $0 == " " }) + "\n\n" + notes
    }


    /// What every command that takes a kind shares.
    private static let notes = """
    The format comes from KIND.EXT, format=svg|apng|gif|png|webp|lottie or the file's extension (.svg .apng .gif .png .webp .json);
    an extension spinnerd does not write, or two that disagree, is refused (.png may name an APNG: its own convention).
    Parameters and their ranges are those of `spinnerd kinds`, the same as the HTTP query.
    Example: spinnerd render circular stroke=15 duration=1 style=accent format=gif -o spinner.gif
    spinnerd with no command prints this and exits 2.
    """

    /// The line printed after a usage error (the whole text is `spinnerd --help`).
    static let hint = "run 'spinnerd --help' for usage"
}
