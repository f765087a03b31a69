import SpinnerService

/// The help text.
enum Usage {
    static let text = "usage: spinnerd serve "
        + ServeSetting.usageFlags(width: 104).joined(separator: "\n                        ")
        + "\n                    run the HTTP service, on 0.0.0.0:8080 unless told (--host 127.0.0.1 for this machine only);\n"
        + "                    every flag has an environment variable (PORT, HOST, SPINNERD_…)\n"
        + commands

    /// The commands but `serve`.
    private static let commands = """
           spinnerd healthcheck [--port N]              exit 0 when /healthz answers 200
           spinnerd openapi                             print the OpenAPI document
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
           spinnerd cost KIND[.EXT] [key=value …]       the render's estimated time and memory, or the budget's refusal;
                                                        for an APNG the deflate it gets: deflate=quick (large renders),
                                                        deflate=ahead strongest-deflate-bytes=N (a kind's defaults),
                                                        deflate=cold deflate-levels=12,10,9 (any other URL: the libdeflate
                                                        levels its rows can get, 12 up to 300 000 bytes, 10 up to 700 000)
           spinnerd sign KIND [key=value …] [--signing-key KEY]
                                                        the URL path with its sig= for a service in signed mode
           spinnerd kinds [KIND] | --json              list the kinds (or one) and their parameters; --json: the catalog
           spinnerd --version                           print the version
           spinnerd frames KIND [key=value …] -o DIR    write the raw frames as PNGs with apngasm delay files
                                                        (DIR is made if missing)

    The format comes from KIND.EXT, format=svg|apng|gif|png|webp|lottie or the file's extension (.svg .apng .gif .png .webp .json);
    an extension spinnerd does not write, or two that disagree, is refused (.png may name an APNG: its own convention).
    Parameters and their ranges are those of `spinnerd kinds`, the same as the HTTP query.
    Example: spinnerd render circular stroke=15 duration=1 style=accent format=gif -o spinner.gif
    spinnerd with no command prints this and exits 2.
    """

    /// The line printed after a usage error (the whole text is `spinnerd --help`).
    static let hint = "run 'spinnerd --help' for usage"
}
