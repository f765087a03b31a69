#if canImport(Glibc)
import Glibc
#endif

/// One fuzz target: a function of arbitrary bytes that checks its oracle and stops the
/// process (so libFuzzer keeps the input) when the oracle does not hold.
struct FuzzTarget: Sendable {
    /// The name `make fuzz` and the corpus folder use.
    let name: String
    /// What the target feeds and what it asserts, for `spinnerd-fuzz --list`.
    let summary: String
    /// Runs one input.
    let run: @Sendable ([UInt8]) -> Void

    /// Every target, in the order `make fuzz` runs them.
    static let all: [FuzzTarget] = [
        HTTPParserTarget.target, SpinnerURLTarget.target, ParameterValueTarget.target,
        SignedURLTarget.target, EncoderTarget.target, GradientTarget.target,
    ]
}

/// The oracle's verdict: when `condition` is false, prints what did not hold and aborts,
/// which libFuzzer reports as a crash and saves the input for.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        let text = "spinnerd-fuzz: oracle failed: " + message() + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        abort()
    }
}

/// Reads structured choices from fuzz bytes, front to back; past the end every read
/// is 0, so any input is a valid sequence of choices.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Bytes not read yet.
    var remaining: Int { max(0, bytes.count - index) }

    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    /// A value in `range` from one or two bytes.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span <= 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % span
    }

    mutating func take(_ count: Int) -> [UInt8] {
        let start = min(index, bytes.count), end = min(index + count, bytes.count)
        index += count
        return Array(bytes[start ..< end]) + [UInt8](repeating: 0, count: count - (end - start))
    }

    /// Everything not read yet.
    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
}

/// FNV-1a of `bytes`: where to cut or change an input, chosen by the input itself so a
/// saved crash replays the same way.
func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
}
