import CLibdeflate
@testable import Compression
import XCTest

/// libdeflate compressors are kept between images, a few per level: a reused compressor
/// gives the very bytes a new one does, and no more than `keptPerLevel` are kept.
final class LibdeflateCompressorsTests: XCTestCase {
    func testAReusedCompressorGivesTheSameBytesAsANewOne() throws {
        let input = (0 ..< 50_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
        let other = (0 ..< 20_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        // A compressor of its own, not from the pool, for the reference bytes.
        let fresh = try XCTUnwrap(libdeflate_alloc_compressor(12))
        defer { libdeflate_free_compressor(fresh) }
        var reference = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(fresh, input.count))
        let written = input.withUnsafeBytes { source in
            reference.withUnsafeMutableBytes { libdeflate_zlib_compress(fresh, source.baseAddress, source.count, $0.baseAddress, $0.count) }
        }
        reference.removeLast(reference.count - written)
        // Through the shared pool, with other data compressed in between by the kept one.
        XCTAssertEqual(try OptimalDeflate(level: 12).compress(input), reference)
        _ = try OptimalDeflate(level: 12).compress(other)
        XCTAssertEqual(try OptimalDeflate(level: 12).compress(input), reference)
        XCTAssertGreaterThanOrEqual(LibdeflateCompressors.shared.idleCount, 1)
    }

    func testAtMostKeptPerLevelAreKept() throws {
        let pool = LibdeflateCompressors()
        let taken = try (0 ..< LibdeflateCompressors.keptPerLevel + 3).map { _ in try XCTUnwrap(pool.take(level: 6)) }
        XCTAssertEqual(Set(taken.map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) }).count, taken.count)
        for compressor in taken { pool.give(compressor, level: 6) }
        XCTAssertEqual(pool.idleCount, LibdeflateCompressors.keptPerLevel)
        _ = try XCTUnwrap(pool.take(level: 9))  // another level: a new one
        XCTAssertEqual(pool.idleCount, LibdeflateCompressors.keptPerLevel)
    }
}
