import CZlib
@testable import ImageCodecs
import XCTest

/// A cold APNG ranks row filters on some frames only (`APNGDeflateTiers.ranksFiltersSparsely`):
/// the first of every `APNGFrameWriter.filterRun` frames, ranked in its batch over the
/// cores, and every frame of the batch after one in which a ranked frame found a filter
/// worth it. Read back from the file: the filter byte that starts each row of each frame.
final class APNGSparseFilterTests: XCTestCase {
    /// `count` frames of a smooth gradient that shifts every frame (each stored whole, with
    /// more than 256 colours: rows that the Sub, Up and Paeth filters shrink).
    private func gradients(_ count: Int) -> [AnimationFrame] {
        (0 ..< count).map { index in
            let (width, height) = (40, 24)
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let at = (y * width + x) * 4
                    pixels[at] = UInt8((x * 6 + index) % 256)
                    pixels[at + 1] = UInt8((y * 9 + index * 2) % 256)
                    pixels[at + 2] = UInt8((x + y) * 3 % 256)
                }
            }
            return AnimationFrame(image: RGBAImage(width: width, height: height, pixels: pixels),
                                  duration: FrameDuration(numerator: 1, denominator: 25))
        }
    }

    /// Each frame's row filter bytes, in frame order.
    private func rowFilters(_ png: [UInt8]) throws -> [[UInt8]] {
        func word(_ at: Int) -> Int { png[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8, bitsPerPixel = 0, rect = (width: 0, height: 0)
        var frames: [[UInt8]] = []
        while offset + 8 <= png.count {
            let length = word(offset), type = String(decoding: png[offset + 4 ..< offset + 8], as: UTF8.self)
            let data = Array(png[offset + 8 ..< offset + 8 + length])
            offset += 12 + length
            switch type {
            case "IHDR":
                let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(data[9])] ?? 0
                bitsPerPixel = channels * Int(data[8])
            case "fcTL":
                rect = (Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7]),
                        Int(data[8]) << 24 | Int(data[9]) << 16 | Int(data[10]) << 8 | Int(data[11]))
            case "IDAT", "fdAT":
                let stream = type == "IDAT" ? data : Array(data.dropFirst(4))
                let rowBytes = 1 + (rect.width * bitsPerPixel + 7) / 8
                var rows = [UInt8](repeating: 0, count: rowBytes * rect.height)
                var size = uLongf(rows.count)
                let status = rows.withUnsafeMutableBufferPointer { out in
                    stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong(stream.count)) }
                }
                XCTAssertEqual(status, Z_OK)
                XCTAssertEqual(Int(size), rows.count)
                frames.append(stride(from: 0, to: rows.count, by: rowBytes).map { rows[$0] })
            default: break
            }
        }
        return frames
    }

    func testFiltersAreRankedOnTheFirstOfEveryRunAndOnEveryFrameOfTheBatchAfterOneThatFoundAFilter() throws {
        let frames = gradients(20)
        let filters = try rowFilters(APNGEncoder(deflate: .cold).encode(frames))
        XCTAssertEqual(filters.count, 20, "every frame stored")
        let filtered = filters.map { $0.contains { $0 != 0 } }
        // Frame 0 is ranked and finds a filter; 1-7 are not ranked (stored unfiltered);
        // the batch after (8-15) and the one after it (16-19) are ranked whole.
        XCTAssertEqual(filtered, [true] + Array(repeating: false, count: 7) + Array(repeating: true, count: 12), "\(filtered)")
        // A kind's defaults rank every frame.
        let ahead = try rowFilters(APNGEncoder(deflate: .ahead()).encode(frames))
        XCTAssertTrue(ahead.allSatisfy { $0.contains { $0 != 0 } })
    }

    func testFlatFramesStayUnfiltered() throws {
        // Two colours in blocks: a palette, which no filter shrinks.
        let frames = (0 ..< 20).map { index in
            let (width, height) = (40, 24)
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0 ..< height {
                for x in 0 ..< width where (x + index) / 5 % 2 == 0 {
                    pixels[(y * width + x) * 4] = 0
                }
            }
            return AnimationFrame(image: RGBAImage(width: width, height: height, pixels: pixels),
                                  duration: FrameDuration(numerator: 1, denominator: 25))
        }
        let filters = try rowFilters(APNGEncoder(deflate: .cold).encode(frames))
        XCTAssertFalse(filters.isEmpty)
        XCTAssertTrue(filters.allSatisfy { $0.allSatisfy { $0 == 0 } }, "\(filters.map { Set($0) })")
    }
}
