import CGif
import Concurrency
import CWebPDemux

/// What the WebP encoder wrote, decoded by libwebp's own animation decoder.
enum WebPDecoder {
    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> DecodedAnimation {
        var options = WebPAnimDecoderOptions()
        guard spinnerd_webp_anim_decoder_options_init(&options) != 0 else { throw DecodeError("libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        return try bytes.withUnsafeBufferPointer { (buffer) throws(DecodeError) -> DecodedAnimation in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = spinnerd_webp_anim_decoder_new(&data, &options) else { throw DecodeError("libwebp refuses the file") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw DecodeError("no animation info") }
            var result = DecodedAnimation(width: Int(info.canvas_width), height: Int(info.canvas_height))
            var previous: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>? = nil
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw DecodeError("frame \(result.frames.count) does not decode")
                }
                let canvas = Array(UnsafeBufferPointer(start: pixels, count: result.width * result.height * 4))
                result.frames.append((PNGDecoder.normalised(canvas), Int(timestamp - previous), 1000))
                previous = timestamp
            }
            return result
        }
    }
}

/// What the GIF encoder wrote, decoded by giflib and composed frame by frame (disposal
/// and transparency as browsers apply them).
enum GIFDecoder {
    private final class Reader {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> DecodedAnimation {
        let reader = Reader(bytes)
        var error: Int32 = 0
        let opened = withExtendedLifetime(reader) {
            DGifOpen(Lent(reader).opaque, { file, out, count in
                guard let file, let out, let user = file.pointee.UserData else { return 0 }
                let reader = Lent<Reader>(opaque: user).counted
                let n = max(0, min(Int(count), reader.bytes.count - reader.at))
                for i in 0 ..< n { out[i] = reader.bytes[reader.at + i] }
                reader.at += n
                return Int32(n)
            }, &error)
        }
        guard let gif = opened else { throw DecodeError("giflib cannot open the file (\(error))") }
        defer { DGifCloseFile(gif, &error) }
        let slurped = withExtendedLifetime(reader) { DGifSlurp(gif) }
        guard slurped == GIF_OK else { throw DecodeError("giflib cannot read the file (\(gif.pointee.Error))") }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        var result = DecodedAnimation(width: width, height: height)
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0 ..< Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[index]
            let d = image.ImageDesc
            let (x, y, w, h) = (Int(d.Left), Int(d.Top), Int(d.Width), Int(d.Height))
            guard x + w <= width, y + h <= height, let map = d.ColorMap ?? gif.pointee.SColorMap else {
                throw DecodeError("frame \(index) out of the canvas or without colours")
            }
            var control = GraphicsControlBlock()
            if DGifSavedExtensionToGCB(gif, Int32(index), &control) != GIF_OK {
                control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            }
            let before = canvas
            for row in 0 ..< h {
                for column in 0 ..< w {
                    let code = Int(image.RasterBits[row * w + column])
                    guard code != Int(control.TransparentColor) else { continue }
                    guard code < Int(map.pointee.ColorCount) else { throw DecodeError("index \(code) past the colour map") }
                    let colour = map.pointee.Colors[code]
                    let t = ((y + row) * width + x + column) * 4
                    canvas[t] = colour.Red; canvas[t + 1] = colour.Green; canvas[t + 2] = colour.Blue; canvas[t + 3] = 255
                }
            }
            result.frames.append((PNGDecoder.normalised(canvas), Int(control.DelayTime), 100))
            if control.DisposalMode == DISPOSE_BACKGROUND {
                for row in 0 ..< h { for k in 0 ..< w * 4 { canvas[((y + row) * width + x) * 4 + k] = 0 } }
            } else if control.DisposalMode == DISPOSE_PREVIOUS {
                canvas = before
            }
        }
        return result
    }
}
