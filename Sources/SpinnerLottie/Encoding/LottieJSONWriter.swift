import TextEncoding

/// Compact JSON text written in the order it is given: the one place Lottie text is made.
/// Keys keep the order they are written in, because rlottie reads a shape item's `ty` only
/// when it comes first and a layer's `ks` rotation only after `ddd`; the rest follows the
/// bodymovin exporter's order. Numbers that are whole are written as integers (rlottie
/// refuses `1.0` where it expects an integer), others with at most four decimals.
///
/// The writes of single values and brackets are `@inline(never)`: inlined into every member
/// of every closure, they made this module 17.6 CPU-s of optimisation in each of make test's
/// three builds, and 6.9 s as calls. A document renders in the same time either way (about
/// 1 ms, medians of 25 `render KIND.json --timings` each); the closures stay inlined, which
/// that time needs (all calls: 3.4 s to build, up to half again as slow to render).
struct LottieJSONWriter {
    /// The text so far.
    private(set) var text = ""
    /// True while the open object or array has no member yet, or a key awaits its value.
    private var atStart = true

    /// An object whose members `members` writes (with `field`).
    mutating func object(_ members: (inout LottieJSONWriter) -> Void) {
        open("{")
        members(&self)
        close("}")
    }

    /// An array whose elements `elements` writes.
    mutating func array(_ elements: (inout LottieJSONWriter) -> Void) {
        open("[")
        elements(&self)
        close("]")
    }

    /// An array of numbers.
    mutating func numbers(_ values: [Double]) {
        array { writer in
            for value in values { writer.number(value) }
        }
    }

    /// A number, as `number(_:)` formats it.
    @inline(never)
    mutating func number(_ value: Double) {
        separate()
        text += Self.number(value)
    }

    /// A string literal.
    @inline(never)
    mutating func string(_ value: String) {
        separate()
        text += Self.quoted(value)
    }

    /// `true` or `false`.
    @inline(never)
    mutating func bool(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
    }

    /// An object member named `key`, its value written by `value`.
    mutating func field(_ key: String, _ value: (inout LottieJSONWriter) -> Void) {
        separate()
        text += Self.quoted(key) + ":"
        atStart = true
        value(&self)
    }

    /// An object member holding a number.
    @inline(never)
    mutating func field(_ key: String, _ value: Double) {
        field(key) { $0.number(value) }
    }

    /// An object member holding an integer.
    @inline(never)
    mutating func field(_ key: String, _ value: Int) {
        field(key) { $0.number(Double(value)) }
    }

    /// An object member holding a string.
    @inline(never)
    mutating func field(_ key: String, _ value: String) {
        field(key) { $0.string(value) }
    }

    /// An object member holding `true` or `false`.
    @inline(never)
    mutating func field(_ key: String, _ value: Bool) {
        field(key) { $0.bool(value) }
    }

    @inline(never)
    private mutating func open(_ bracket: String) {
        separate()
        text += bracket
        atStart = true
    }

    @inline(never)
    private mutating func close(_ bracket: String) {
        text += bracket
        atStart = false
    }

    /// A comma before every value but the first of its object or array (and a key's value).
    @inline(never)
    private mutating func separate() {
        if !atStart { text += "," }
        atStart = false
    }

    /// `value` with at most four decimals, no trailing zeros, and no point when whole.
    static func number(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15, scaled != 0 else { return "0" }
        var digits = String(Int64(abs(scaled)))
        if digits.count <= 4 { digits = String(repeating: "0", count: 5 - digits.count) + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -4))
        while digits.hasSuffix("0") { digits.removeLast() }
        if digits.hasSuffix(".") { digits.removeLast() }
        return (scaled < 0 ? "-" : "") + digits
    }

    /// A JSON string literal (`JSONString.quoted`).
    static func quoted(_ value: String) -> String {
        JSONString.quoted(value)
    }
}
