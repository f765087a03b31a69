import Compression
/// Writes a PNG byte stream: the signature, then chunks of length, type, data and CRC.
struct PNGChunkWriter {
    /// Bytes written so far.
    private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Appends one chunk; `type` is four ASCII letters.
    mutating func chunk(_ type: String, _ data: [UInt8]) {
        precondition(type.utf8.count == 4, "chunk types have four letters")
        bytes += UInt32(data.count).bigEndianBytes
        let typed = Array(type.utf8) + data
        bytes += typed
        bytes += CRC32.checksum(typed).bigEndianBytes
    }
}

extension UInt32 {
    /// The four bytes, most significant first, as PNG writes integers.
    var bigEndianBytes: [UInt8] {
        [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)]
    }
}

extension UInt16 {
    /// The two bytes, most significant first.
    var bigEndianBytes: [UInt8] {
        [UInt8(self >> 8), UInt8(self & 0xFF)]
    }
}
