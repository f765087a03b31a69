import ExactTime
import ImageCodecs

/// The four encoders on small random animations: 1–8 frames of 1–32 × 1–32 pixels drawn
/// from a palette of 1–16 colours (or up to 300, to pass GIF's 256), random alpha, random
/// durations (1 ms – 3 s, or whole centiseconds), either effort. Each file is decoded back:
/// PNG, APNG (this target's decoder) and WebP (libwebp's) must show exactly the frames given
/// at each frame's start time and last as long in all; a GIF (giflib) must have the canvas,
/// total time rounded to the centisecond (at least 2) and, when its rules allow exactness (opaque or clear
/// pixels, at most 255 colours, delays of whole centiseconds from 2 cs), exactly the frames.
enum EncoderTarget {
    static let target = FuzzTarget(
        name: "encoders", summary: "PNG, APNG, GIF, WebP on random frames, decoded back and compared", run: run)

    static func run(_ data: [UInt8]) {
        var input = FuzzBytes(data)
        let format = input.int(in: 0 ... 3)
        let count = format == 0 ? 1 : input.int(in: 1 ... 8)
        let width = input.int(in: 1 ... 32), height = input.int(in: 1 ... 32)
        let flags = input.byte()
        let effort: EncoderEffort = flags & 1 == 0 ? .thorough : .quick
        let wholeCentiseconds = flags & 2 != 0
        let many = flags & 4 != 0
        let colours = many ? input.int(in: 17 ... 300) : input.int(in: 1 ... 16)
        var palette: [[UInt8]] = []
        for index in 0 ..< colours {
            let rgb = many && index >= 16 ? [UInt8(index & 0xFF), UInt8((index * 7) & 0xFF), UInt8((index * 13) & 0xFF)] : input.take(3)
            let alphaChoice = input.byte()
            let alpha: UInt8 = alphaChoice < 96 ? 255 : (alphaChoice < 160 ? 0 : alphaChoice)
            palette.append(rgb + [alpha])
        }
        var frames: [AnimationFrame] = []
        var milliseconds: [Int] = []
        for _ in 0 ..< count {
            let ms = wholeCentiseconds ? input.int(in: 2 ... 300) * 10 : input.int(in: 1 ... 3000)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for pixel in 0 ..< width * height {
                let colour = palette[Int(input.byte()) % colours]
                for channel in 0 ..< 4 { pixels[pixel * 4 + channel] = colour[channel] }
            }
            frames.append(AnimationFrame(image: RGBAImage(width: width, height: height, pixels: pixels),
                                         duration: FrameDuration(milliseconds: Rational(Int64(ms)))))
            milliseconds.append(ms)
        }
        do {
            switch format {
            case 0:
                let decoded = try PNGDecoder.decode(try PNGEncoder.encode(frames[0].image))
                require(decoded.width == width && decoded.height == height, "PNG size \(decoded.width)×\(decoded.height)")
                require(decoded.frames.count == 1 && decoded.frames[0].pixels == PNGDecoder.normalised(frames[0].image.pixels),
                        "the PNG does not decode to its picture")
            case 1:
                let decoded = try PNGDecoder.decode(try APNGEncoder(effort: effort).encode(frames))
                requireSameTimeline(decoded, frames, milliseconds, name: "APNG")
            case 2:
                let matte = flags & 8 != 0 ? GIFEncoder.Matte(red: data.first ?? 0, green: 255, blue: 0) : nil
                let decoded = try GIFDecoder.decode(try GIFEncoder(matte: matte, effort: effort).encode(frames))
                require(decoded.width == width && decoded.height == height, "GIF canvas \(decoded.width)×\(decoded.height)")
                let total = decoded.frames.reduce(0) { $0 + $1.numerator }
                // GIFTiming: the end rounded half up to the centisecond, at least 2 cs.
                let expected = max((milliseconds.reduce(0, +) + 5) / 10, 2)
                require(total == expected, "GIF lasts \(total) cs for \(milliseconds.reduce(0, +)) ms of frames")
                let opaqueOrClear = palette.allSatisfy { $0[3] == 0 || $0[3] == 255 }
                // The visible colours, each packed in one word (a set of arrays cost an
                // allocation per pixel, a sixth of this target's time).
                var used = Set<UInt32>()
                for frame in frames {
                    let pixels = frame.image.pixels
                    for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] != 0 {
                        used.insert(UInt32(pixels[i]) << 24 | UInt32(pixels[i + 1]) << 16 | UInt32(pixels[i + 2]) << 8 | UInt32(pixels[i + 3]))
                    }
                }
                if opaqueOrClear && used.count <= 255 && wholeCentiseconds && matte == nil {
                    requireSameTimeline(decoded, frames, milliseconds, name: "GIF")
                }
            default:
                let decoded = try WebPDecoder.decode(try WebPEncoder(effort: effort).encode(frames))
                requireSameTimeline(decoded, frames, milliseconds, name: "WebP")
            }
        } catch {
            require(false, "format \(format): \(error)")
        }
    }

    /// At each given frame's start the decoded animation shows exactly that frame (clear
    /// pixels compared as clear), and both last as long.
    static func requireSameTimeline(_ decoded: DecodedAnimation, _ frames: [AnimationFrame], _ milliseconds: [Int], name: String) {
        let first = frames[0].image
        require(decoded.width == first.width && decoded.height == first.height, "\(name) size \(decoded.width)×\(decoded.height)")
        require(!decoded.frames.isEmpty, "\(name) has no frames")
        var starts: [Double] = [], t = 0.0
        for frame in decoded.frames {
            starts.append(t)
            t += Double(frame.numerator) / Double(frame.denominator)
        }
        let total = Double(milliseconds.reduce(0, +)) / 1000
        // One picture in all is a still image where the format has one (a WebP of one
        // stored frame is written as a still, without a duration); otherwise the length holds.
        let still = decoded.frames.count == 1 && name == "WebP"
        if !still && frames.count > 1 {
            require(abs(t - total) < 1e-6, "\(name) lasts \(t) s for \(total) s of frames")
        }
        var at = 0.0
        for (index, frame) in frames.enumerated() {
            let shown = starts.lastIndex { $0 <= at + 1e-9 } ?? 0
            require(decoded.frames[shown].pixels == PNGDecoder.normalised(frame.image.pixels),
                    "\(name) frame \(index) (at \(at) s) decodes to other pixels (decoded frame \(shown) of \(decoded.frames.count))")
            at += Double(milliseconds[index]) / 1000
        }
    }
}
