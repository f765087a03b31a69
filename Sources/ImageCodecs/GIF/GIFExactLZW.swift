/// GIF's exact LZW coding: the bytes giflib's `EGifCompressLine` writes, bit for bit
/// (`GIFExactLZWTests` holds it to them), in 10–20 % less time.
///
/// Written by hand although giflib has this coder: giflib finds each string's
/// continuation in an 8 192-slot hash table whose hash (`(key >> 12) ^ key`) clusters the
/// keys of one string's continuations, and that lookup (`_ExistsHashTable`) was the
/// largest single cost of a large GIF (15 % of `dots.gif` at 128 px @2x). Here the table
/// has as many slots (32 KiB: it stays in the first-level cache, which 16 384 slots did
/// not, and was slower for it), at most half full, found by a multiplicative hash. giflib
/// still writes everything around the codes (`GIFWriter`).
enum GIFExactLZW {
    /// Slots in the string table: twice the 4 093 strings it holds at most.
    private static let slotBits = 13
    /// An empty slot. A full slot holds `(parent << 8 | pixel) << 12 | code`; no entry is
    /// all ones, since codes are added only below 4 095.
    private static let empty = UInt32.max

    /// The LZW code stream of `indices` (palette indices, row by row) at
    /// `minimumCodeSize` bits (2–8), without GIF's sub-block lengths.
    static func code(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        var output = GIFCodeStream(minimumCodeSize: minimumCodeSize)
        var table = [UInt32](repeating: empty, count: 1 << slotBits)
        indices.withUnsafeBufferPointer { pixels in
            table.withUnsafeMutableBufferPointer { table in
                guard let first = pixels.first else { return }
                let mask = (1 << slotBits) - 1
                var current = UInt32(first)
                for pixel in pixels.dropFirst() {
                    let key = current << 8 | UInt32(pixel)
                    var slot = Int((key &* 0x9E37_79B1) >> UInt32(32 - slotBits))
                    var found = false
                    while table[slot] != empty {
                        if table[slot] >> 12 == key {
                            current = table[slot] & 0xFFF
                            found = true
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                    if found { continue }
                    output.emit(Int(current))
                    if let code = output.nextEntry() {
                        table[slot] = key << 12 | UInt32(code)
                    } else {
                        table.update(repeating: empty)
                    }
                    current = UInt32(pixel)
                }
                output.emit(Int(current))
            }
        }
        return output.finish()
    }
}
