import Concurrency
import Foundation
import UnitSupport

/// What Pillow reads from an image (see `imagetool.py inspect`).
public struct DecodedImage: Decodable, Sendable {
    public let format: String
    public let width: Int
    public let height: Int
    public let frames: Int
    public let loop: Int?
    /// Per-frame durations in milliseconds.
    public let durations: [Double]
    /// For each frame after the first: whether it differs from the one before.
    public let neighboursDiffer: [Bool]
    /// Distinct alpha values over all composited frames (2 for a GIF, up to 256).
    public let alphaLevels: Int
}

/// Straight RGBA pixels decoded by Pillow.
public struct DecodedPixels: Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel.
    public let bytes: [UInt8]

    /// The pixel that holds the point (`x`, `y`) (clamped to the image), as 0...255 channels.
    public func rgba(x: Double, y: Double) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let column = min(max(Int(x.rounded(.down)), 0), width - 1), row = min(max(Int(y.rounded(.down)), 0), height - 1)
        let offset = (row * width + column) * 4
        return (Double(bytes[offset]), Double(bytes[offset + 1]), Double(bytes[offset + 2]), Double(bytes[offset + 3]))
    }
}

/// Pixel comparison by Pillow (see `imagetool.py diff`).
public struct PixelDifference: Decodable, Sendable {
    public let sameSize: Bool
    /// Pixels with a channel differing by more than the tolerance.
    public let differing: Int
    /// The largest channel difference anywhere, 0...255.
    public let largest: Int
}

/// APNG control chunks as read from the bytes (see `imagetool.py apng`).
public struct APNGControl: Decodable, Sendable {
    public struct Frame: Decodable, Sendable {
        public let width: Int, height: Int, x: Int, y: Int
        public let delay: [Int]
        public let dispose: Int, blend: Int
    }
    public let numFrames: Int
    public let numPlays: Int
    public let frames: [Frame]
}

/// Front ends to the decoders.
public enum Decoders {
    /// Pillow's reading of the image at `path`.
    public static func inspect(_ path: String) throws -> DecodedImage {
        try decode(DecodedImage.self, try python("inspect", path))
    }

    /// Pillow's comparison of two images, counting channel differences above `tolerance`;
    /// optionally both composited over `background` (hex `rrggbb`) and box-blurred by `blur` px.
    public static func difference(_ first: String, _ second: String, tolerance: Int = 0,
                                  background: String? = nil, blur: Double = 0) throws -> PixelDifference {
        try decode(PixelDifference.self, try python("diff", first, second, String(tolerance), background ?? "-", String(blur)))
    }

    /// How far the frames of `path` are from those of `reference`, both composited over
    /// `background` (hex `rrggbb`): each reference frame beside the one showing at its start.
    public static func error(_ reference: String, _ path: String, background: String) throws -> FrameError {
        try decode(FrameError.self, try python("error", reference, path, background))
    }

    /// The APNG's acTL and fcTL chunks.
    public static func apngControl(_ path: String) throws -> APNGControl {
        try decode(APNGControl.self, try python("apng", path))
    }

    /// The first frame of `path` as Pillow decodes it: straight RGBA, row by row.
    public static func pixels(_ path: String) throws -> DecodedPixels {
        let size = try inspect(path)
        let bytes = [UInt8](try python("rgba", path))
        guard bytes.count == size.width * size.height * 4 else { throw DecoderFailure(message: "RGBA size mismatch") }
        return DecodedPixels(width: size.width, height: size.height, bytes: bytes)
    }

    /// For each of `paths`: its composited frames and the largest alpha (0–255) on the
    /// outermost ring of pixels of any of them.
    public static func edges(_ paths: [String]) throws -> [EdgeAlpha] {
        try decode([EdgeAlpha].self, try python(["edge"] + paths))
    }

    /// Writes every composited frame of `path` into `directory` as `NNN.png`.
    public static func extractFrames(_ path: String, into directory: String) throws {
        _ = try python("frames", path, directory)
    }

    private static func python(_ arguments: String...) throws -> Data {
        try python(arguments)
    }

    private static func python(_ arguments: [String]) throws -> Data {
        let result = try ExternalTool.run("python3", Repository.imageTool + arguments)
        guard result.status == 0 else { throw DecoderFailure(message: result.errorText) }
        return result.output
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}

/// `Decoders.edges`: how far a file's frames reach towards its edge.
public struct EdgeAlpha: Decodable, Sendable {
    public let frames: Int
    /// The largest alpha (0–255) on the outermost ring of pixels of any frame.
    public let largestEdgeAlpha: Int
}

/// A decoder refused the file; its message says why.
public struct DecoderFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// `Decoders.error`: mean absolute channel differences (0–255).
public struct FrameError: Decodable {
    /// Over every pixel of every frame compared.
    public let meanError: Double
    /// The frame that differs most, its mean.
    public let worstFrameError: Double
    /// Frames compared (the reference's).
    public let frames: Int
}
