/// A render that failed for a reason of the service's own (Cairo's, an encoder's): what
/// its client may read apart from what only the operators' log gets, joined by an id — as
/// imgproxy keeps an error's public message apart from its internal one.
struct RenderFailure: Sendable, Equatable {
    /// 16 hexadecimal digits, random: the same in the answer's `error_id` and in the log line.
    let id: String
    /// What failed, in the words of the code that failed (type names, library errors):
    /// for the log only, never for the answer.
    let internalText: String

    init(internalText: String) {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let digits = String(value, radix: 16)
        id = String(repeating: "0", count: 16 - digits.count) + digits
        self.internalText = internalText
    }
}
