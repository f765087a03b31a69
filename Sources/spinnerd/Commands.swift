import FoundationEssentials
import SpinnerService

/// One of `spinnerd`'s commands: its name, its block in `spinnerd --help`, and what runs it
/// (given the arguments after its name; its exit status).
struct Command: Sendable {
    let name: String
    let usage: String
    /// Whether it takes a spinner (KIND and key=value parameters): its help then says how
    /// the format and the parameters are named.
    var takesSpinner = false
    /// A command line to copy, for its own help (`spinnerd COMMAND --help`).
    var example: String? = nil
    let run: @Sendable ([String]) -> Int32
}

/// Every command, once, in the order `spinnerd --help` lists them (`serve` first: its flags
/// are `spinnerd serve --help`'s). `main.swift` runs them from here, `Usage` lists them, and
/// a slip is matched against their names.
enum Commands {
    static let all: [Command] = [
        Command(name: "serve", usage: """
           spinnerd serve [flags]                       run the HTTP service on port \(ServeSetting.defaults.port) (its flags: spinnerd serve --help)
        """, run: ServeCommand.run),
        Command(name: "render", usage: """
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
        """, takesSpinner: true, example: "spinnerd render circular stroke=15 duration=1 style=accent format=gif -o spinner.gif\n"
            + "spinnerd render circular.svg 'color=conic-gradient(red,blue)'   (quote a gradient: the shell reads its parentheses)",
            run: RenderCommand.run),
        Command(name: "kinds", usage: """
           spinnerd kinds [KIND] | --json              list the kinds (or one) and their parameters; --json: the catalog
        """, run: KindsCommand.run),
        Command(name: "sign", usage: """
           spinnerd sign KIND [key=value …] [--signing-key KEY]
                                                        the URL path with its sig= for a service in signed mode
        """, takesSpinner: true, example: "SPINNERD_SIGNING_KEY=\"$(head -c 32 /dev/urandom | base64)\" spinnerd sign circular.gif stroke=15",
            run: { SignCommand.run($0, environment: ProcessInfo.processInfo.environment) }),
        Command(name: "cost", usage: """
           spinnerd cost KIND[.EXT] [key=value …]       the render's estimated time and memory, or the budget's refusal;
                                                        for an APNG the deflate it gets: deflate=quick (large renders),
                                                        deflate=ahead strongest-deflate-bytes=N (a kind's defaults),
                                                        deflate=cold deflate-levels=12,10,9 (any other URL: the libdeflate
                                                        levels its rows can get, 12 up to 300 000 bytes, 10 up to 700 000)
        """, takesSpinner: true, example: "spinnerd cost dots.apng size=300", run: CostCommand.run),
        Command(name: "frames", usage: """
           spinnerd frames KIND [key=value …] -o DIR    write the raw frames as PNGs with apngasm delay files
                                                        (DIR is made if missing)
        """, takesSpinner: true, example: "spinnerd frames circular stroke=15 -o frames", run: FramesCommand.run),
        Command(name: "healthcheck", usage: """
           spinnerd healthcheck [--port N]              exit 0 when /healthz answers 200
        """, run: HealthcheckCommand.run),
        Command(name: "openapi", usage: """
           spinnerd openapi                             print the OpenAPI document
        """, run: { _ in
            Console.out(OpenAPIDocument.yaml(version: ServiceVersion.text), newline: false)
            return 0
        }),
        Command(name: "version", usage: """
           spinnerd --version                           print the version
        """, run: { _ in
            Console.out("spinnerd \(ServiceVersion.text)")
            return 0
        }),
    ]

    /// The command called `name`, if there is one.
    static func named(_ name: String) -> Command? { all.first { $0.name == name } }
}
