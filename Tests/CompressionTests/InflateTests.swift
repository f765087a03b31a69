import Compression
import XCTest

/// zlib's inflate, for data the service carries compressed: gzip and zlib streams round
/// trip; a damaged, cut or too large stream is refused, not read past.
final class InflateTests: XCTestCase {
    private let text: [UInt8] = Array((0 ..< 20_000).map { "line \($0) of the player\n" }.joined().utf8)

    func testGzipAndZlibStreamsRoundTrip() throws {
        XCTAssertEqual(try Inflate.decompress(try Deflate.compress(text, .gzip)), text)
        XCTAssertEqual(try Inflate.decompress(try Deflate.compress(text, .smallest)), text)
        XCTAssertEqual(try Inflate.decompress(try Deflate.compress([], .gzip)), [])
    }

    func testADamagedCutOrTooLargeStreamIsRefused() throws {
        let zipped = try Deflate.compress(text, .gzip)
        var damaged = zipped
        damaged[zipped.count / 2] ^= 0xFF
        damaged[zipped.count / 2 + 1] ^= 0x55
        XCTAssertThrowsError(try Inflate.decompress(damaged))
        XCTAssertThrowsError(try Inflate.decompress(Array(zipped.prefix(zipped.count / 2))), "a stream cut in half")
        XCTAssertThrowsError(try Inflate.decompress(Array(zipped.dropLast(4))), "a gzip member without its length")
        XCTAssertThrowsError(try Inflate.decompress(zipped, limit: text.count - 1), "one byte over the limit")
        XCTAssertEqual(try Inflate.decompress(zipped, limit: text.count), text)
        XCTAssertThrowsError(try Inflate.decompress([0x1F, 0x8B, 0x08]), "a header alone")
        XCTAssertThrowsError(try Inflate.decompress(Array("not compressed".utf8)))
    }
}
