import CGif
import Concurrency

/// A thin wrapper over giflib's streaming encoder (`EGifOpen` with a memory sink):
/// screen descriptor, global colour table, NETSCAPE2.0 loop block, graphic control
/// extensions, image descriptors and LZW-coded rows. giflib writes the bytes; this
/// orders the calls and turns error codes into `CodecError`. The images' codes come
/// from `GIFExactLZW` (giflib's bytes, faster) or `GIFLossyLZW`.
final class GIFWriter {
    /// One image of the stream: a rectangle of palette indices and its control block.
    struct Image {
        var rect: PixelRect
        /// `rect.width × rect.height` palette indices, row by row.
        var indices: [UInt8]
        /// Delay in centiseconds.
        var delay: Int
        /// Disposal after showing: 1 keep, 2 clear to transparent.
        var disposal: Int32
        /// Palette index that means "transparent / keep", or nil.
        var transparentIndex: Int?
    }

    private let file: UnsafeMutablePointer<GifFileType>
    private let sink: Sink
    /// The LZW coder that lets codes run through small errors, or nil for the exact one.
    private let lossy: GIFLossyLZW?
    /// True to code exactly by giflib's own coder (`EGifPutLine`), for the tests that hold
    /// `GIFExactLZW` to its bytes. Default false.
    var codesByGiflib = false
    private var closed = false

    /// Collects the bytes giflib writes (or only counts them, for size estimates).
    final class Sink {
        let keepsBytes: Bool
        var bytes: [UInt8] = []
        var count = 0
        init(keepsBytes: Bool) { self.keepsBytes = keepsBytes }
    }

    /// Opens a stream of `width` × `height` pixels with `palette` (RGB triples; padded to a
    /// power of two). `keepsBytes: false` only counts the output. `lossy` codes the images'
    /// pixels (nil, the default: exact LZW, `GIFExactLZW`).
    init(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], lossy: GIFLossyLZW? = nil,
         keepsBytes: Bool = true) throws(CodecError) {
        sink = Sink(keepsBytes: keepsBytes)
        self.lossy = lossy
        var error: Int32 = 0
        let output: OutputFunc = { gif, data, length in
            guard let gif, let data, let user = gif.pointee.UserData else { return 0 }
            let sink = Lent<Sink>(opaque: user).counted
            sink.count += Int(length)
            if sink.keepsBytes { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
            return length
        }
        guard let file = EGifOpen(Lent(sink).opaque, output, &error) else {
            throw CodecError("EGifOpen failed: \(GIFWriter.describe(error))")
        }
        self.file = file
        EGifSetGifVersion(file, true)
        let size = max(2, 1 << GifBitSize(Int32(max(palette.count, 2))))
        var colors = palette.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = GifMakeMapObject(Int32(size), colors) else {
            throw CodecError("GifMakeMapObject failed")
        }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map), "EGifPutScreenDesc")
    }

    deinit {
        if !closed {
            var error: Int32 = 0
            EGifCloseFile(file, &error)
        }
    }

    /// Writes the NETSCAPE2.0 application extension: `repeats` extra plays (0 = forever).
    func writeLoop(repeats: Int) throws(CodecError) {
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE), "loop leader")
        let identifier = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(file, Int32(identifier.count), identifier), "loop identifier")
        let count = UInt16(clamping: repeats)
        let block: [UInt8] = [1, UInt8(count & 0xFF), UInt8(count >> 8)]
        try check(EGifPutExtensionBlock(file, Int32(block.count), block), "loop count")
        try check(EGifPutExtensionTrailer(file), "loop trailer")
    }

    /// Writes one image with its graphic control extension.
    func write(_ image: Image) throws(CodecError) {
        var control = GraphicsControlBlock(
            DisposalMode: image.disposal, UserInputFlag: false, DelayTime: Int32(image.delay),
            TransparentColor: Int32(image.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "graphic control")
        let rect = image.rect
        // The LZW minimum code size may be smaller than the colour table's bits when the
        // image only uses low indices (as gifsicle writes it); giflib takes it from the
        // global map's BitsPerPixel when the image starts, so it is set for this image.
        guard let map = file.pointee.SColorMap else { throw CodecError("the GIF has no global colour table") }
        let tableBits = map.pointee.BitsPerPixel
        let highest = Int(image.indices.max() ?? 0)
        map.pointee.BitsPerPixel = min(tableBits, max(2, Int32(Int.bitWidth - highest.leadingZeroBitCount)))
        defer { map.pointee.BitsPerPixel = tableBits }
        try check(EGifPutImageDesc(file, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, nil),
                  "EGifPutImageDesc")
        if lossy != nil || !codesByGiflib {
            // giflib has written the minimum code size (the map's bits, at least 2); the
            // coded stream goes out in sub-blocks of up to 255 bytes, then the terminator.
            let minimumCodeSize = Int(max(2, map.pointee.BitsPerPixel))
            let stream = lossy?.code(image.indices, minimumCodeSize: minimumCodeSize)
                ?? GIFExactLZW.code(image.indices, minimumCodeSize: minimumCodeSize)
            var block = [GifByteType](repeating: 0, count: 256)
            for start in stride(from: 0, to: stream.count, by: 255) {
                let length = min(255, stream.count - start)
                block[0] = GifByteType(length)
                for offset in 0 ..< length { block[1 + offset] = stream[start + offset] }
                try check(EGifPutCodeNext(file, block), "EGifPutCodeNext")
            }
            try check(EGifPutCodeNext(file, nil), "EGifPutCodeNext")
            return
        }
        var row = [GifPixelType](repeating: 0, count: rect.width)
        for y in 0 ..< rect.height {
            for x in 0 ..< rect.width { row[x] = image.indices[y * rect.width + x] }
            try check(EGifPutLine(file, &row, Int32(rect.width)), "EGifPutLine")
        }
    }

    /// The bytes `image` takes in a stream of this size and palette (its graphic control
    /// extension, descriptor and coded data), coded apart from any stream so that images
    /// can be coded on every core and then written in order (`write(coded:)`): giflib
    /// keeps no state from one image to the next that the bytes depend on.
    static func coded(_ image: Image, width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)],
                      lossy: GIFLossyLZW?) throws(CodecError) -> [UInt8] {
        let writer = try GIFWriter(width: width, height: height, palette: palette, lossy: lossy)
        let header = writer.sink.count
        try writer.write(image)
        return Array(writer.sink.bytes[header...])
    }

    /// Appends an image's bytes as `coded` made them (for a stream of the same size and palette).
    func write(coded bytes: [UInt8]) {
        sink.count += bytes.count
        if sink.keepsBytes { sink.bytes.append(contentsOf: bytes) }
    }

    /// Bytes written so far.
    var byteCount: Int { sink.count }

    /// Ends the stream (giflib writes the 0x3B trailer) and returns the bytes.
    func finish() throws(CodecError) -> [UInt8] {
        var error: Int32 = 0
        closed = true
        guard EGifCloseFile(file, &error) == GIF_OK else {
            throw CodecError("EGifCloseFile failed: \(GIFWriter.describe(error))")
        }
        return sink.bytes
    }

    /// Ends the stream and returns how many bytes it took.
    func finishCounting() throws(CodecError) -> Int {
        _ = try finish()
        return sink.count
    }

    private func check(_ status: Int32, _ step: String) throws(CodecError) {
        guard status == GIF_OK else { throw CodecError("\(step) failed: \(GIFWriter.describe(file.pointee.Error))") }
    }

    private static func describe(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
