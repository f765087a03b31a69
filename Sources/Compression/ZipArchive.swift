/// A zip archive written in memory (PKWARE APPNOTE 6.3: local headers, each entry's data,
/// the central directory and its end record), each entry deflated, or stored when
/// deflate would not make it smaller. For the dotLottie file: a few small JSON entries.
///
/// Written here rather than through libzip: libzip reads and writes through its own
/// sources and file handles, and would add a library to the image for the sixty lines of
/// headers below; the compression and the CRC-32 come from zlib (`Deflate`, `CRC32`).
/// The archive is the same bytes for the same entries (every entry dated 1980-01-01, the
/// format's first day), so an image's entity tag does not change between renders.
public struct ZipArchive: Sendable {
    /// One file in the archive: its path (`a/circular.json`, UTF-8, `/` between folders)
    /// and its bytes.
    public struct Entry: Sendable {
        public var path: String
        public var bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The archive's bytes.
    public let bytes: [UInt8]

    /// The archive holding `entries` in order. Zip's 32-bit sizes bound it (4 GiB), far
    /// beyond what a Lottie document reaches; larger input is refused.
    public init(_ entries: [Entry]) throws(DeflateError) {
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.path.utf8)
            guard entry.bytes.count < Int(UInt32.max), archive.count < Int(UInt32.max), name.count <= Int(UInt16.max) else {
                throw DeflateError("a zip entry over 4 GiB or a name over 64 KiB")
            }
            let deflated = try Deflate.compress(entry.bytes, .raw)
            let stored = deflated.count >= entry.bytes.count
            let data = stored ? entry.bytes : deflated
            let fields = Fields(method: stored ? 0 : 8, crc: CRC32.checksum(entry.bytes), compressed: UInt32(data.count),
                                size: UInt32(entry.bytes.count), nameLength: UInt16(name.count))
            let offset = UInt32(archive.count)
            archive.append(le32: 0x0403_4b50)
            fields.append(to: &archive)
            archive.append(le16: 0)  // extra field length
            archive += name
            archive += data
            directory.append(le32: 0x0201_4b50)
            directory.append(le16: Fields.versionNeeded)  // made by: MS-DOS attributes, zip 2.0
            fields.append(to: &directory)
            for _ in 0..<4 { directory.append(le16: 0) }  // extra, comment, disk number, internal attributes
            directory.append(le32: 0)  // external attributes
            directory.append(le32: offset)
            directory += name
        }
        guard entries.count < Int(UInt16.max), archive.count + directory.count < Int(UInt32.max) else {
            throw DeflateError("a zip archive over 65 535 entries or 4 GiB")
        }
        let directoryOffset = UInt32(archive.count)
        archive += directory
        archive.append(le32: 0x0605_4b50)
        archive.append(le16: 0)  // this disk
        archive.append(le16: 0)  // the directory's disk
        archive.append(le16: UInt16(entries.count))
        archive.append(le16: UInt16(entries.count))
        archive.append(le32: UInt32(directory.count))
        archive.append(le32: directoryOffset)
        archive.append(le16: 0)  // comment length
        bytes = archive
    }

    /// The fields a local header and its central directory record share, from "version
    /// needed to extract" to the name's length.
    private struct Fields {
        /// 2.0: deflate.
        static let versionNeeded: UInt16 = 20
        /// 1980-01-01 00:00:00 in MS-DOS form (day 1, month 1, year 0).
        static let date: UInt16 = 0x21

        let method: UInt16
        let crc: UInt32
        let compressed: UInt32
        let size: UInt32
        let nameLength: UInt16

        func append(to bytes: inout [UInt8]) {
            bytes.append(le16: Self.versionNeeded)
            bytes.append(le16: 0x0800)  // flags: the name is UTF-8
            bytes.append(le16: method)
            bytes.append(le16: 0)  // time 00:00:00
            bytes.append(le16: Self.date)
            bytes.append(le32: crc)
            bytes.append(le32: compressed)
            bytes.append(le32: size)
            bytes.append(le16: nameLength)
        }
    }
}

private extension [UInt8] {
    mutating func append(le16 value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func append(le32 value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
