import Compression
import XCTest

/// A zip archive read back by its own records (PKWARE APPNOTE 6.3), as dotlottie-rs's
/// reader walks them: the end record, the central directory, each local header; each entry
/// inflated and its CRC-32 checked. For the dotLottie file's tests.
public enum ZipArchiveReader {
    /// Each entry of `archive`: its path, method and bytes, from the end record's central
    /// directory and each local header, its CRC-32 checked.
    public static func read(_ archive: [UInt8]) throws -> [(path: String, method: Int, bytes: [UInt8])] {
        func u16(_ at: Int) throws -> Int {
            guard at + 2 <= archive.count else { throw DeflateError("past the end") }
            return Int(archive[at]) | Int(archive[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int { let low = try u16(at), high = try u16(at + 2); return low | high << 16 }
        let end = archive.count - 22
        XCTAssertEqual(try u32(end), 0x0605_4b50, "the end record, with no comment")
        let count = try u16(end + 10), directoryOffset = try u32(end + 16)
        XCTAssertEqual(try u32(end + 12) + directoryOffset, end, "the directory ends where the end record starts")
        var at = directoryOffset, entries: [(path: String, method: Int, bytes: [UInt8])] = []
        for _ in 0 ..< count {
            XCTAssertEqual(try u32(at), 0x0201_4b50)
            XCTAssertEqual(try u16(at + 8) & 0x0801, 0x0800, "UTF-8 names, not encrypted")
            let method = try u16(at + 10), crc = try u32(at + 16), compressed = try u32(at + 20), size = try u32(at + 24)
            let nameLength = try u16(at + 28), local = try u32(at + 42)
            let path = String(decoding: archive[(at + 46) ..< (at + 46 + nameLength)], as: UTF8.self)
            XCTAssertEqual(try u32(local), 0x0403_4b50)
            XCTAssertEqual(Array(archive[(local + 8) ..< (local + 26)]), Array(archive[(at + 10) ..< (at + 28)]),
                           "the local header repeats the directory's method, date, CRC and sizes")
            let start = local + 30 + (try u16(local + 26)) + (try u16(local + 28))
            let data = Array(archive[start ..< start + compressed])
            let bytes = method == 8 ? try Inflate.decompress(data, raw: true) : data
            XCTAssertEqual(bytes.count, size, path)
            guard Int(CRC32.checksum(bytes)) == crc else { throw DeflateError("\(path): CRC-32 \(CRC32.checksum(bytes)) is not \(crc)") }
            entries.append((path, method, bytes))
            at += 46 + nameLength + (try u16(at + 30)) + (try u16(at + 32))
        }
        return entries
    }
}
