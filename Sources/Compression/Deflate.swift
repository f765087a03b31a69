import CZlib

/// zlib's deflate, one shot: bytes in, a complete zlib stream (header, data, Adler-32) out.
public enum Deflate {
    /// How hard and how to compress.
    public struct Settings: Hashable, Sendable {
        /// 1 (fast) ... 9 (smallest).
        public var level: Int32
        /// `Z_DEFAULT_STRATEGY` or `Z_FILTERED` (better after PNG row filters).
        public var strategy: Int32
        /// Memory for the match state, 1...9; 9 finds a few more matches.
        public var memoryLevel: Int32
        /// zlib's windowBits: 15 for a zlib stream, 15 + 16 for a gzip member, -15 for raw
        /// deflate data (a zip entry's).
        public var windowBits: Int32 = MAX_WBITS

        /// Settings used to compare candidates quickly (as apngasm does with level 2).
        public static let quick = Settings(level: 2, strategy: Z_DEFAULT_STRATEGY, memoryLevel: 8)
        /// gzip content coding (RFC 1952 member), smallest output.
        public static let gzip = Settings(level: 9, strategy: Z_DEFAULT_STRATEGY, memoryLevel: 9, windowBits: MAX_WBITS + 16)
        /// Raw deflate data (no header or checksum: a zip entry's), smallest output.
        public static let raw = Settings(level: 9, strategy: Z_DEFAULT_STRATEGY, memoryLevel: 9, windowBits: -MAX_WBITS)
        /// zlib's smallest output.
        public static let smallest = Settings(level: 9, strategy: Z_DEFAULT_STRATEGY, memoryLevel: 9)
        /// A middle setting whose sizes rank filter choices the way stronger deflate does.
        public static let balanced = Settings(level: 6, strategy: Z_DEFAULT_STRATEGY, memoryLevel: 8)
    }

    /// `input` compressed with `settings` (a zlib stream, gzip with `.gzip`, raw with `.raw`).
    public static func compress(_ input: [UInt8], _ settings: Settings) throws(DeflateError) -> [UInt8] {
        var stream = z_stream()
        let status = spinnerd_deflateInit2(&stream, settings.level, Z_DEFLATED, settings.windowBits,
                                           settings.memoryLevel, settings.strategy)
        guard status == Z_OK else { throw DeflateError("deflateInit2 failed (\(status))") }
        defer { deflateEnd(&stream) }
        var output: [UInt8] = []
        let written = try finish(&stream, input, into: &output)
        output.removeLast(output.count - written)
        return output
    }

    /// Runs `stream` over all of `input` in one `deflate(Z_FINISH)`, growing `output` to
    /// the bound first; returns the bytes written.
    static func finish(_ stream: inout z_stream, _ input: [UInt8], into output: inout [UInt8]) throws(DeflateError) -> Int {
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 32
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        let result: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { throw DeflateError("deflate did not finish (\(result))") }
        return Int(stream.total_out)
    }
}

/// zlib's CRC-32, as PNG chunks need.
public enum CRC32 {
    /// The CRC-32 of `bytes`, continuing from `crc` (0 to start).
    public static func checksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
        }
    }
}

/// A zlib deflate stream kept between uses (`deflateReset` instead of a fresh
/// `deflateInit2`), for compressing many small buffers: a fresh stream allocates and
/// clears some 300 KB each time, which dominates the cost of tiny frames.
public final class DeflateStream {
    private var stream = z_stream()
    private let ready: Bool

    public init(_ settings: Deflate.Settings) {
        ready = spinnerd_deflateInit2(&stream, settings.level, Z_DEFLATED, settings.windowBits, settings.memoryLevel, settings.strategy) == Z_OK
    }

    deinit {
        if ready { deflateEnd(&stream) }
    }

    /// The size of `input` compressed (the bytes themselves are not kept).
    public func compressedSize(_ input: [UInt8]) throws(DeflateError) -> Int {
        guard ready, deflateReset(&stream) == Z_OK else { throw DeflateError("deflate stream unavailable") }
        return try Deflate.finish(&stream, input, into: &scratch)
    }

    private var scratch: [UInt8] = []
}
