import Compression
import UnitSupport
import XCTest

/// The zip archive the dotLottie file is: read back here by the archive's own records
/// (PKWARE APPNOTE 6.3), as dotlottie-rs's reader walks them — the end record, the central
/// directory, each local header — each entry inflated and its CRC-32 checked. (Python's
/// zipfile reads the served files in `DotLottieTests`.)
final class ZipArchiveTests: XCTestCase {
    private let text = Array((0 ..< 300).map { "{\"line\":\($0)}" }.joined(separator: ",").utf8)

    func testEveryEntryReadsBackThroughTheCentralDirectory() throws {
        let entries = [ZipArchive.Entry(path: "manifest.json", bytes: Array("{}".utf8)),
                       ZipArchive.Entry(path: "a/circular.json", bytes: text),
                       ZipArchive.Entry(path: "t/dark.json", bytes: [])]
        let archive = try ZipArchive(entries).bytes
        let read = try ZipArchiveReader.read(archive)
        XCTAssertEqual(read.map(\.path), entries.map(\.path))
        XCTAssertEqual(read.map(\.bytes), entries.map(\.bytes))
        // Deflated where it saves bytes, stored otherwise (two bytes of JSON, an empty file).
        XCTAssertEqual(read.map(\.method), [0, 8, 0])
        XCTAssertLessThan(archive.count, text.count / 3, "the animation deflated")
        // The same entries, the same bytes: an image's entity tag holds between renders.
        XCTAssertEqual(try ZipArchive(entries).bytes, archive)
    }

    func testTheReaderHereFindsADamagedEntry() throws {
        var archive = try ZipArchive([ZipArchive.Entry(path: "a/x.json", bytes: text)]).bytes
        archive[40] ^= 0x20  // inside the deflated data, after the 30-byte header and the 8-byte name
        XCTAssertThrowsError(try ZipArchiveReader.read(archive))
    }
}
