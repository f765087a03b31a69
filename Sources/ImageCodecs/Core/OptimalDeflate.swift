import CLibdeflate

/// libdeflate's strongest deflate (level 12, near-optimal parsing), producing zlib
/// streams. zlib's level 9 uses lazy matching and comes out about 3 % larger on our
/// frames, which is what separates an APNG from apngasm's 7-Zip deflate; libdeflate
/// closes that gap at a fraction of apngasm's time. One compressor is reused for all
/// frames of an image (it holds about 1 MB of state), so an instance serves one thread.
final class OptimalDeflate {
    private let compressor: OpaquePointer

    /// A level-12 compressor, or nil when memory runs out.
    init() throws(CodecError) {
        guard let compressor = libdeflate_alloc_compressor(12) else {
            throw CodecError("libdeflate_alloc_compressor failed")
        }
        self.compressor = compressor
    }

    deinit {
        libdeflate_free_compressor(compressor)
    }

    /// `input` as a zlib stream.
    func compress(_ input: [UInt8]) throws(CodecError) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        guard written > 0 else { throw CodecError("libdeflate_zlib_compress found no room") }
        output.removeLast(bound - written)
        return output
    }
}
