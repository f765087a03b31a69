// spinnerd: renders animated loading spinners as SVG, APNG, GIF, WebP, Lottie, dotLottie and PNG.
// `spinnerd serve`, `spinnerd render KIND [key=value …] -o FILE`, `spinnerd kinds`, …;
// no command prints the usage and exits 2.
import FoundationEssentials
import SpinnerModel
import SpinnerService
#if canImport(Glibc)
import Glibc
#endif

signal(SIGPIPE, SIG_IGN)
var arguments = Array(CommandLine.arguments.dropFirst())
// `--help` anywhere asks for the usage: a command's own after the command
// (`spinnerd serve --help`: its flags; `spinnerd render --help`), else every command's.
if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
    if let command = arguments.first, let help = Usage.help(for: command) {
        Console.out(help)
        exit(0)
    }
    arguments = ["help"]
}
// `--version` anywhere asks for the version.
if arguments.contains(where: { $0 == "--version" || $0 == "-V" }) { arguments = ["version"] }
// A command comes first, `serve` included: no arguments print the usage rather than open
// a public listener nobody asked for.
guard let command = arguments.first, !command.hasPrefix("-") else {
    if arguments.isEmpty {
        Console.error(Usage.text)
    } else {
        Console.error("spinnerd: a command comes first; to run the service: spinnerd serve \(arguments.joined(separator: " "))\n"
                      + Usage.hint)
    }
    exit(2)
}
arguments.removeFirst()
let status: Int32
if command == "help" {
    Console.out(Usage.text)
    status = 0
} else if let found = Commands.named(command) {
    status = found.run(arguments)
} else {
    let commands = Commands.all.map(\.name).filter { $0 != "version" }
    let guess = Suggestion.closest(to: command, in: commands).map { "did you mean '\($0)'? " } ?? ""
    Console.error("spinnerd: unknown command '\(command)'; \(guess)commands are \(commands.joined(separator: ", "))\n" + Usage.hint)
    status = 2
}
exit(status)
