import SpinnerService

/// The help texts: the commands at a glance (`spinnerd --help`), and each command's own
/// (`spinnerd serve --help` its flags, `spinnerd render --help` its options).
enum Usage {
    /// Every command, one block each, `serve` first (its flags are in `serve`).
    static let text = "usage: spinnerd COMMAND [arguments]   (spinnerd COMMAND --help: that command alone)\n\n"
        + serveLine + "\n" + commands.map(\.text).joined(separator: "\n") + "\n\n" + notes

    /// `serve` with every flag: `spinnerd serve --help`.
    static let serve = "usage: spinnerd serve "
        + ServeSetting.usageFlags(width: 104).joined(separator: "\n                        ")
        + "\n                    run the HTTP service, on 0.0.0.0:8080 unless told (--host 127.0.0.1 for this machine only);\n"
        + "                    every flag has an environment variable (PORT, HOST, SPINNERD_…)"

    /// The help of `command` (a command's name): `serve`'s flags, another command's block
    /// and the notes on kinds, formats and parameters; nil for a name that is no command.
    static func help(for command: String) -> String? {
        if command == "serve" { return serve }
        guard let block = commands.first(where: { $0.name == command }) else { return nil }
        return "usage: " + block.text.drop(while: { $0 == " " }) + "\n\n" + notes
    }

    /// The names of the commands (what a slip is matched against).
    static var commandNames: [String] { ["serve"] + commands.map(\.name) }

    private static let serveLine = """
           spinnerd serve [flags]                       run the HTTP service on port 8080 (its flags: spinnerd serve --help)
        """

    /// The commands but `serve`, each its block of lines.
    private static let commands: [(name: String, text: String)] = [
        ("render", """
           spinnerd render KIND[.EXT] [key=value …] [-o FILE] [--timings] [--provisional | --exhaustive]
                                                        render one spinner (FILE '-' is standard output;
                                                        without -o, `render circular.gif` and
                                                        `render circular format=gif` write circular.gif):
                                                        the final encode the service keeps; --provisional the
                                                        quick one it answers a new URL with first; --exhaustive
                                                        a kind's default APNG as the service keeps it (zopfli);
                                                        --timings prints the wall time and the CPU time in ms,
                                                        split into phases that add up to it (CPU time counts
                                                        every thread: 2 cores busy for 1 ms count 2 ms)
        """),
        ("kinds", """
           spinnerd kinds [KIND] | --json              list the kinds (or one) and their parameters; --json: the catalog
        """),
        ("sign", """
           spinnerd sign KIND [key=value …] [--signing-key KEY]
                                                        the URL path with its sig= for a service in signed mode
        """),
        ("cost", """
           spinnerd cost KIND[.EXT] [key=value …]       the render's estimated time and memory, or the budget's refusal;
                                                        for an APNG the deflate it gets: deflate=quick (large renders),
                                                        deflate=ahead strongest-deflate-bytes=N (a kind's defaults),
                                                        deflate=cold deflate-levels=12,10,9 (any other URL: the libdeflate
                                                        levels its rows can get, 12 up to 300 000 bytes, 10 up to 700 000)
        """),
        ("frames", """
           spinnerd frames KIND [key=value …] -o DIR    write the raw frames as PNGs with apngasm delay files
                                                        (DIR is made if missing)
        """),
        ("healthcheck", """
           spinnerd healthcheck [--port N]              exit 0 when /healthz answers 200
        """),
        ("openapi", """
           spinnerd openapi                             print the OpenAPI document
        """),
        ("version", """
           spinnerd --version                           print the version
        """),
    ]

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
