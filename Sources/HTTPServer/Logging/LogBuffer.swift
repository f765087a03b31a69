#if canImport(Glibc)
import Glibc
#endif

/// Log lines being written into memory the owner keeps (an event loop's own), then out to a
/// descriptor in batches, as nginx buffers its access log: no allocation and no text per
/// line. Each `flush` writes whole lines, at most `PIPE_BUF` bytes a `write`, so lines
/// from several threads into one pipe never interleave.
///
/// Written by hand: the standard library's `String` and `Array` would count references and
/// allocate per line on the event loop's hot path, which the transport avoids everywhere else.
struct LogBuffer {
    /// The owner's memory.
    let storage: UnsafeMutableRawBufferPointer
    /// Bytes written so far.
    private(set) var count = 0

    /// The most one line may take (an access line with every field at its bound, escaped:
    /// under 6 KiB). 8 KiB.
    static let lineRoom = 8 * 1024

    init(_ storage: UnsafeMutableRawBufferPointer) {
        self.storage = storage
    }

    /// Room left.
    var room: Int { storage.count - count }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard count < storage.count else { return }
        storage[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let taken = min(bytes.count, room)
        guard taken > 0, let source = bytes.baseAddress, let target = storage.baseAddress else { return }
        (target + count).copyMemory(from: source, byteCount: taken)
        count += taken
    }

    /// An ASCII text written in the code (a field name, a punctuation run).
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A short text of the code's (a method, a version, a level): its UTF-8.
    mutating func append(utf8 text: String) {
        for byte in text.utf8 { append(byte) }
    }

    /// A short text of the code's in JSON quotes (it needs no escaping), or `null`.
    mutating func append(quotedOrNull text: String?) {
        guard let text else { return append("null") }
        append(UInt8(ascii: "\""))
        append(utf8: text)
        append(UInt8(ascii: "\""))
    }

    /// `value` in decimal.
    mutating func append(decimal value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        DecimalDigits.with(value.magnitude) { append($0) }
    }

    mutating func append(decimal value: Int) { append(decimal: Int64(value)) }

    /// `value` as exactly `width` digits, zero-padded (a clock's fields).
    mutating func append(padded value: Int, width: Int) {
        var divisor = 1
        for _ in 1 ..< width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: (rest / divisor) % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// A dotted-quad address.
    mutating func append(_ address: ClientAddress) {
        let value = address.value
        append(decimal: Int(value >> 24))
        append(UInt8(ascii: "."))
        append(decimal: Int(value >> 16 & 0xFF))
        append(UInt8(ascii: "."))
        append(decimal: Int(value >> 8 & 0xFF))
        append(UInt8(ascii: "."))
        append(decimal: Int(value & 0xFF))
    }

    /// Counts the first `count` bytes of the memory as written (they were put there already).
    mutating func skip(to count: Int) {
        self.count = min(count, storage.count)
    }

    /// Starts again from empty (the memory is kept).
    mutating func removeAll() {
        count = 0
    }

    /// Writes every whole line to `descriptor`, at most `PIPE_BUF` bytes a `write` and each
    /// write ending at a line's end (a longer line goes alone); keeps nothing. A descriptor
    /// that fails loses the lines: a log that cannot be written has nowhere to say so.
    mutating func flush(to descriptor: Int32) {
        guard count > 0, let base = storage.baseAddress else { return }
        let bytes = UnsafeRawBufferPointer(start: base, count: count)
        var start = 0
        while start < count {
            var end = min(count, start + Int(PIPE_BUF))
            if end < count {
                // Back to the last line's end within the chunk; a line longer than the
                // chunk goes on its own, to its end.
                var cut = end
                while cut > start && bytes[cut - 1] != UInt8(ascii: "\n") { cut -= 1 }
                if cut > start {
                    end = cut
                } else {
                    while end < count && bytes[end - 1] != UInt8(ascii: "\n") { end += 1 }
                }
            }
            var offset = start
            while offset < end {
                let written = write(descriptor, base + offset, end - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { count = 0; return }
                offset += written
            }
            start = end
        }
        count = 0
    }
}
