import CZopfli
import Glibc

/// zopfli's deflate, producing zlib streams: an exhaustive search of the LZ77 parse over
/// `iterations` passes, 3–8 % smaller than zlib's level 9 on spinner frames and 1–4 %
/// smaller than libdeflate's level 12, at ~0.1–0.3 MB/s. Only for images compressed once
/// and kept (the kinds' default APNGs, in the background after start: docs/formats.md,
/// "The defaults' APNG by zopfli"); nothing a visitor waits for uses it.
public enum ZopfliDeflate {
    /// zopfli's own default, 15 passes: on `dots` (the costliest default) 5 and 8 passes
    /// took nearly as long (23 and 22 s of CPU against 26) and left the file 0.11 % and
    /// 0.09 % larger; 15 reach exactly `apngopt -z2`'s bytes on the same frames.
    public static let standardIterations: Int32 = 15

    /// `input` as a zlib stream, compressed with `iterations` passes.
    public static func compress(_ input: [UInt8], iterations: Int32 = standardIterations) throws(DeflateError) -> [UInt8] {
        var options = ZopfliOptions()
        ZopfliInitOptions(&options)
        options.numiterations = iterations
        var output: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        input.withUnsafeBufferPointer { source in
            ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, source.baseAddress, source.count, &output, &length)
        }
        guard let output else { throw DeflateError("zopfli produced no output") }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
