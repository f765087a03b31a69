/// The code stream of one GIF image as giflib's `EGifCompressLine` lays it out, for the
/// LZW coders written here (`GIFExactLZW`, `GIFLossyLZW`): a clear code first, codes
/// widened from `minimumCodeSize + 1` bits as the string table grows, a clear code when it
/// is full (4 095 codes), the end-of-information code last, packed least significant bit
/// first. Without GIF's sub-block lengths (`GIFWriter` adds them).
struct GIFCodeStream {
    /// The clear code (2^`minimumCodeSize`); the codes below it are the pixels themselves.
    let clearCode: Int
    private let minimumCodeSize: Int
    private var nextCode: Int
    private var codeBits: Int
    private var codeLimit: Int
    private var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingBits = 0

    /// A stream at `minimumCodeSize` bits (2–8), its clear code written.
    init(minimumCodeSize: Int) {
        precondition((2 ... 8).contains(minimumCodeSize), "GIF's LZW minimum code size is 2–8")
        self.minimumCodeSize = minimumCodeSize
        clearCode = 1 << minimumCodeSize
        nextCode = clearCode + 2
        codeBits = minimumCodeSize + 1
        codeLimit = 1 << codeBits
        emit(clearCode)
    }

    /// Writes `code` at the current width.
    @inline(__always)
    mutating func emit(_ code: Int) {
        pending |= UInt64(code) << UInt64(pendingBits)
        pendingBits += codeBits
        while pendingBits >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingBits -= 8
        }
        // giflib widens the codes once a code has been written with the table full at
        // the current width (`EGifCompressOutput`); the decoder widens in step.
        if nextCode >= codeLimit && code <= 4095 {
            codeBits += 1
            codeLimit = 1 << codeBits
        }
    }

    /// After a code is written with more pixels to come: the code the string just coded
    /// plus the next pixel takes, or nil when the table is full, a clear code is written
    /// and the coder must empty its table.
    @inline(__always)
    mutating func nextEntry() -> Int? {
        guard nextCode >= 4095 else {
            defer { nextCode += 1 }
            return nextCode
        }
        emit(clearCode)
        nextCode = clearCode + 2
        codeBits = minimumCodeSize + 1
        codeLimit = 1 << codeBits
        return nil
    }

    /// Writes the end-of-information code; the packed bytes.
    mutating func finish() -> [UInt8] {
        emit(clearCode + 1)
        if pendingBits > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
        pendingBits = 0
        pending = 0
        return bytes
    }
}
