import CLibdeflate
import Concurrency

/// libdeflate's deflate, producing zlib streams. At level 12 (near-optimal parsing) it is
/// about 2–3 % smaller than zlib's best on our frames — most of the gap to apngasm's 7-Zip
/// deflate — at ~1 MB/s. One compressor is reused for all frames of an image (it holds about 1 MB of state), so
/// an instance serves one thread; its compressor comes from `LibdeflateCompressors` and goes
/// back there when the instance ends.
public final class OptimalDeflate {
    private let compressor: OpaquePointer
    private let level: Int32

    /// A compressor at `level` (1…12).
    public init(level: Int32 = 12) throws(DeflateError) {
        guard let compressor = LibdeflateCompressors.shared.take(level: level) else {
            throw DeflateError("libdeflate_alloc_compressor failed")
        }
        self.compressor = compressor
        self.level = level
    }

    deinit {
        LibdeflateCompressors.shared.give(compressor, level: level)
    }

    /// The size of `input` compressed (for ranking; the bytes are not kept).
    public func compressedSize(_ input: [UInt8]) throws(DeflateError) -> Int {
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: bound) }
        let written = input.withUnsafeBytes { source in
            scratch.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        guard written > 0 else { throw DeflateError("libdeflate_zlib_compress found no room") }
        return written
    }

    private var scratch: [UInt8] = []

    /// `input` as a zlib stream.
    public func compress(_ input: [UInt8]) throws(DeflateError) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        guard written > 0 else { throw DeflateError("libdeflate_zlib_compress found no room") }
        output.removeLast(bound - written)
        return output
    }
}

/// libdeflate compressors kept between images, a few per level. A compressor holds up to
/// about 1 MB of state that libdeflate allocates and frees whole; every APNG and PNG encode
/// made up to five of them (one per level it used) and freed them at its end, which under
/// AddressSanitizer was a third of the encoders fuzz target's time (fresh pages mapped,
/// zeroed and unmapped each time). A compressor keeps no data between calls
/// (`libdeflate_zlib_compress` starts afresh), so a reused one gives the same bytes.
final class LibdeflateCompressors: Sendable {
    static let shared = LibdeflateCompressors()

    /// How many idle compressors are kept per level; more are freed when given back. Two:
    /// about 2 MB per near-optimal level (10, 12) held for the life of the process.
    static let keptPerLevel = 2

    /// A compressor nobody uses: whoever takes it out of the pool is its only user.
    private struct Idle: @unchecked Sendable {
        let compressor: OpaquePointer
    }

    private let idle = Locked<[Int32: [Idle]]>([:])

    /// An idle compressor at `level`, or a new one; nil if libdeflate cannot make one.
    func take(level: Int32) -> OpaquePointer? {
        let reused = idle.withLock { idle in idle[level]?.popLast() }
        return reused?.compressor ?? libdeflate_alloc_compressor(level)
    }

    /// `compressor` back, kept for the next image at its `level` or freed.
    func give(_ compressor: OpaquePointer, level: Int32) {
        let returned = Idle(compressor: compressor)
        let kept = idle.withLock { idle -> Bool in
            guard idle[level, default: []].count < Self.keptPerLevel else { return false }
            idle[level, default: []].append(returned)
            return true
        }
        if !kept { libdeflate_free_compressor(compressor) }
    }

    /// How many idle compressors are kept now (for tests).
    var idleCount: Int { idle.withLock { idle in idle.values.reduce(0) { $0 + $1.count } } }
}
