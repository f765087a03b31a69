import ImageCodecs
import SpinnerModel
import SpinnerRendering

/// `spinnerd frames KIND [key=value …] -o DIR`: writes the raw frames of an animated
/// request as `DIR/frame000.png`… with apngasm's `frame000.txt` (`delay=num/den`) beside
/// each, so other encoders can be measured on exactly our frames (see `make bench`).
enum FramesCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let invocation = Invocation.parse(arguments, command: "frames") else { return 2 }
        // The output is a directory: its name says nothing of the format (APNG's frames unless asked).
        let format: OutputFormat?
        do throws(Invocation.Problem) {
            format = try invocation.format(fromOutput: false)
        } catch {
            Invocation.fail("frames", error.message)
            return 2
        }
        do {
            let asked = invocation.query.contains { $0.name == "format" }
            let request = try SpinnerRequest.parse(kind: invocation.kind, format: format ?? (asked ? nil : .apng), query: invocation.query)
            // The request is valid: now the directory.
            guard let output = invocation.output else {
                Invocation.fail("frames", "missing -o DIR")
                return 2
            }
            let frames = try SpinnerRenderer().frames(request)
            // `-o frames/` need not exist yet, as `mkdir -p` would make it.
            if let failure = Console.makeDirectory(output) {
                Console.error("spinnerd: \(failure)")
                return 1
            }
            for (index, frame) in frames.enumerated() {
                let name = output + "/frame" + String(repeating: "0", count: max(0, 3 - String(index).count)) + String(index)
                let delay = "delay=\(frame.duration.numerator)/\(frame.duration.denominator)\n"
                if let failure = try Console.write(PNGEncoder.encode(frame.image), to: name + ".png")
                    ?? Console.write(Array(delay.utf8), to: name + ".txt") {
                    Console.error("spinnerd: \(failure)")
                    return 1
                }
            }
            return 0
        } catch {
            return Invocation.report(error)
        }
    }
}
