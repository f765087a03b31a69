import ImageCodecs
import XCTest

/// The encoder keeps libdeflate compressors between images (Compression's
/// `LibdeflateCompressors`): what it writes does not depend on it.
final class KeptCompressorsTests: XCTestCase {
    /// Through the encoder: an APNG encoded twice (the second time with kept compressors)
    /// is the same file.
    func testAnAPNGEncodedAgainWithKeptCompressorsIsTheSameFile() throws {
        let frames = (0 ..< 4).map { index in
            AnimationFrame(image: RGBAImage(width: 24, height: 24, pixels: (0 ..< 24 * 24 * 4).map { UInt8(truncatingIfNeeded: $0 * (index + 3)) }),
                           duration: FrameDuration(numerator: 1, denominator: 25))
        }
        let first = try APNGEncoder().encode(frames)
        XCTAssertEqual(try APNGEncoder().encode(frames), first)
    }
}
