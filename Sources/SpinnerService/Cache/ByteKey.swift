#if canImport(Glibc)
import Glibc
#endif

/// A dictionary key made of bytes: owned when stored, borrowed for a lookup so that bytes
/// still in a connection's input buffer are looked up without being copied. Hashed with
/// the dictionary's seeded hasher (SipHash with a per-process random seed), so keys sent
/// by clients cannot be chosen to collide.
struct ByteKey: Hashable, @unchecked Sendable {
    // @unchecked: a borrowed key lives only for the lookup it is made for, on one thread,
    // and is never stored; stored keys own their bytes.
    private enum Storage {
        case owned([UInt8])
        case borrowed(UnsafeRawBufferPointer)
    }

    private let storage: Storage

    /// A key owning `bytes`, to store.
    init(_ bytes: [UInt8]) {
        storage = .owned(bytes)
    }

    /// A key owning the UTF-8 of `text`, to store.
    init(_ text: String) {
        storage = .owned(Array(text.utf8))
    }

    /// A key borrowing `bytes`, for one lookup while they are valid.
    init(borrowing bytes: UnsafeRawBufferPointer) {
        storage = .borrowed(bytes)
    }

    /// Bytes held or borrowed.
    var count: Int {
        switch storage {
        case .owned(let bytes): bytes.count
        case .borrowed(let bytes): bytes.count
        }
    }

    private func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch storage {
        case .owned(let bytes): bytes.withUnsafeBytes(body)
        case .borrowed(let bytes): body(bytes)
        }
    }

    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: $0) }
    }

    static func == (a: ByteKey, b: ByteKey) -> Bool {
        a.withBytes { first in
            b.withBytes { second in
                guard first.count == second.count else { return false }
                guard let x = first.baseAddress, let y = second.baseAddress else { return true }
                return memcmp(x, y, first.count) == 0
            }
        }
    }
}
