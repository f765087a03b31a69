/// A bitmap of straight (not premultiplied) 8-bit RGBA pixels, row by row from the top.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel.
    public var pixels: [UInt8]

    /// A bitmap of the given bytes; `pixels.count` must be `width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "RGBA size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The bitmap mirrored left to right: column x becomes column width − 1 − x.
    public func mirroredLeftToRight() -> RGBAImage {
        var mirrored = pixels
        pixels.withUnsafeBytes { source in
            mirrored.withUnsafeMutableBytes { target in
                let from = source.bindMemory(to: UInt32.self), to = target.bindMemory(to: UInt32.self)
                for row in 0 ..< height {
                    let start = row * width
                    for column in 0 ..< width { to[start + width - 1 - column] = from[start + column] }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: mirrored)
    }

    /// A fully transparent bitmap.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// The pixel at column `x`, row `y`, exactly as stored (a clear pixel keeps its colour bytes).
    public func pixel(x: Int, y: Int) -> PackedRGBA {
        pixels.withUnsafeBufferPointer { Self.packed($0, at: (y * width + x) * 4) }
    }

    /// The four bytes at `offset` of RGBA `bytes`, packed.
    @inline(__always)
    static func packed(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> PackedRGBA {
        PackedRGBA(word: UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                   | UInt32(bytes[offset + 3]))
    }
}
