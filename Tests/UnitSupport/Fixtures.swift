import Foundation
import ImageCodecs

/// Synthetic bitmaps with known pixels, so a decoder's output can be compared exactly.
public enum Fixtures {
    /// A `size`-square frame: transparent, with a disc of `color` at `alpha` centred at
    /// (`x`, `y`) with a soft one-pixel rim (partial alpha) — like an antialiased shape.
    public static func disc(size: Int = 24, x: Int, y: Int, radius: Int = 5, color: (UInt8, UInt8, UInt8) = (200, 40, 90),
                     alpha: UInt8 = 255) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        for row in 0..<size {
            for column in 0..<size {
                let distance = (Double((column - x) * (column - x) + (row - y) * (row - y))).squareRoot()
                let coverage = min(1, max(0, Double(radius) + 0.5 - distance))
                guard coverage > 0 else { continue }
                let offset = (row * size + column) * 4
                pixels[offset] = color.0
                pixels[offset + 1] = color.1
                pixels[offset + 2] = color.2
                pixels[offset + 3] = UInt8((Double(alpha) * coverage).rounded())
            }
        }
        return RGBAImage(width: size, height: size, pixels: pixels)
    }

    /// An opaque frame with a horizontal gradient (many colours) and a moving bar.
    public static func gradient(size: Int = 24, bar: Int) -> RGBAImage {
        var pixels = [UInt8]()
        for row in 0..<size {
            for column in 0..<size {
                let onBar = column == bar
                pixels += [UInt8(column * 10 % 256), UInt8(row * 10 % 256), onBar ? 255 : 30, 255]
            }
        }
        return RGBAImage(width: size, height: size, pixels: pixels)
    }

    /// `count` frames of a disc moving right, each lasting 1/`fps` s.
    public static func movingDisc(count: Int, fps: Int64 = 25, alpha: UInt8 = 255) -> [AnimationFrame] {
        (0..<count).map { index in
            AnimationFrame(image: disc(x: 6 + index * 2, y: 12, alpha: alpha), duration: FrameDuration(numerator: 1, denominator: fps))
        }
    }
}
