/// What the access log says of a request: its method, target, version and the fields it
/// names (`User-Agent`, `X-Forwarded-For`, `X-Request-ID`), as bytes.
///
/// `View` borrows them where they arrived (the fast path of a cached answer: nothing is
/// copied or allocated); `AccessLogRequest` keeps a copy for an answer made later (one
/// allocation), and lends a view of it.
public struct AccessLogRequest: Sendable {
    /// The request's parts, valid only during the call they are lent to.
    public struct View {
        /// The method; nil for an answer without a request (a parse error, a timeout).
        public var method: HTTPMethod?
        /// The version; nil without a request.
        public var version: HTTPVersion?
        /// The target as sent (empty without a request: written `-`).
        public var target: UnsafeRawBufferPointer
        public var userAgent: UnsafeRawBufferPointer?
        /// Every `X-Forwarded-For` line's value, joined with `, ` (RFC 9110 §5.3).
        public var forwardedFor: UnsafeRawBufferPointer?
        /// The `X-Request-ID` a front gave the request.
        public var requestID: UnsafeRawBufferPointer?

        public init(method: HTTPMethod?, version: HTTPVersion?, target: UnsafeRawBufferPointer,
                    userAgent: UnsafeRawBufferPointer? = nil, forwardedFor: UnsafeRawBufferPointer? = nil,
                    requestID: UnsafeRawBufferPointer? = nil) {
            self.method = method
            self.version = version
            self.target = target
            self.userAgent = userAgent
            self.forwardedFor = forwardedFor
            self.requestID = requestID
        }

        /// Lends `body` the view of the request whose head `head` is in `bytes`, borrowing
        /// them (several `X-Forwarded-For` lines are joined into a copy: rare).
        public static func borrowing<Result>(_ head: HTTPRequestHead, in bytes: UnsafeBufferPointer<UInt8>,
                                      _ body: (View) -> Result) -> Result {
            let raw = UnsafeRawBufferPointer(bytes)
            let fields = LoggedFields(head.fieldLines, in: bytes)
            func slice(_ range: Range<Int>?) -> UnsafeRawBufferPointer? { range.map { UnsafeRawBufferPointer(rebasing: raw[$0]) } }
            var view = View(method: head.method, version: head.version, target: UnsafeRawBufferPointer(rebasing: raw[head.target]),
                            userAgent: slice(fields.userAgent), forwardedFor: slice(fields.forwardedFor.first),
                            requestID: slice(fields.requestID))
            guard fields.forwardedFor.count > 1 else { return body(view) }
            let joined = fields.joinedForwardedFor(in: raw)
            return joined.withUnsafeBytes { forwarded in
                view.forwardedFor = forwarded
                return body(view)
            }
        }
    }

    let method: HTTPMethod?
    let version: HTTPVersion?
    /// The target, then the fields, in one array.
    private let storage: [UInt8]
    private let target: Range<Int>
    private let userAgent: Range<Int>?
    private let forwardedFor: Range<Int>?
    private let requestID: Range<Int>?

    /// For an answer without a request.
    public static let withoutRequest = AccessLogRequest(method: nil, version: nil, target: [], userAgent: nil, forwardedFor: nil,
                                                        requestID: nil)

    /// A copy of the parts of a request, from text (a test's, a tool's).
    public init(method: HTTPMethod?, version: HTTPVersion?, target: String, userAgent: String?, forwardedFor: String?,
                requestID: String? = nil) {
        self.init(method: method, version: version, target: Array(target.utf8), userAgent: userAgent.map { Array($0.utf8) },
                  forwardedFor: forwardedFor.map { Array($0.utf8) }, requestID: requestID.map { Array($0.utf8) })
    }

    private init(method: HTTPMethod?, version: HTTPVersion?, target: [UInt8], userAgent: [UInt8]?, forwardedFor: [UInt8]?,
                 requestID: [UInt8]?) {
        self.method = method
        self.version = version
        var storage = target
        func keep(_ part: [UInt8]?) -> Range<Int>? {
            guard let part else { return nil }
            storage += part
            return storage.count - part.count ..< storage.count
        }
        self.target = 0 ..< target.count
        self.userAgent = keep(userAgent)
        self.forwardedFor = keep(forwardedFor)
        self.requestID = keep(requestID)
        self.storage = storage
    }

    /// A copy of what `view` lends.
    init(_ view: View) {
        func copy(_ bytes: UnsafeRawBufferPointer?) -> [UInt8]? { bytes.map { Array($0) } }
        self.init(method: view.method, version: view.version, target: Array(view.target), userAgent: copy(view.userAgent),
                  forwardedFor: copy(view.forwardedFor), requestID: copy(view.requestID))
    }

    /// A copy of the request whose head `head` is in `bytes`.
    init(_ head: HTTPRequestHead, in bytes: UnsafeBufferPointer<UInt8>) {
        self = View.borrowing(head, in: bytes) { AccessLogRequest($0) }
    }

    /// Lends `body` a view of the copy.
    public func withView<Result>(_ body: (View) -> Result) -> Result {
        storage.withUnsafeBytes { raw in
            func slice(_ range: Range<Int>?) -> UnsafeRawBufferPointer? { range.map { UnsafeRawBufferPointer(rebasing: raw[$0]) } }
            return body(View(method: method, version: version, target: UnsafeRawBufferPointer(rebasing: raw[target]),
                             userAgent: slice(userAgent), forwardedFor: slice(forwardedFor), requestID: slice(requestID)))
        }
    }
}

/// Where the fields the access log names are among a request's field lines (each
/// `Name: value` ending in CRLF, as the parser checked them): found in one pass, names
/// matched without regard to case, values without surrounding spaces.
struct LoggedFields {
    /// The first `User-Agent`'s value.
    var userAgent: Range<Int>?
    /// The first `X-Request-ID`'s value.
    var requestID: Range<Int>?
    /// Every `X-Forwarded-For` line's value, in order (one, nearly always; an array only past that).
    var forwardedFor = FieldValues()

    /// The values of one field that may repeat: the first kept inline.
    struct FieldValues {
        private(set) var first: Range<Int>?
        private var rest: [Range<Int>] = []
        var count: Int { first == nil ? 0 : 1 + rest.count }
        var all: [Range<Int>] { (first.map { [$0] } ?? []) + rest }

        mutating func append(_ range: Range<Int>) {
            if first == nil { first = range } else { rest.append(range) }
        }
    }

    init(_ lines: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
        var start = lines.lowerBound
        while start < lines.upperBound {
            var end = start
            while end < lines.upperBound && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let lineEnd = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            var colon = start
            while colon < lineEnd && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
            if colon < lineEnd {
                switch colon - start {
                case 10 where Self.named(bytes, start, "user-agent"):
                    if userAgent == nil { userAgent = Self.value(bytes, colon + 1, lineEnd) }
                case 12 where Self.named(bytes, start, "x-request-id"):
                    if requestID == nil { requestID = Self.value(bytes, colon + 1, lineEnd) }
                case 15 where Self.named(bytes, start, "x-forwarded-for"):
                    forwardedFor.append(Self.value(bytes, colon + 1, lineEnd))
                default: break
                }
            }
            start = end + 1
        }
    }

    /// Every `X-Forwarded-For` value joined with `, `.
    func joinedForwardedFor(in bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var joined: [UInt8] = []
        for range in forwardedFor.all {
            if !joined.isEmpty { joined += [UInt8(ascii: ","), UInt8(ascii: " ")] }
            joined += bytes[range]
        }
        return joined
    }

    /// True when the name at `start` is `lowercased` (ASCII, compared without case).
    private static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ lowercased: StaticString) -> Bool {
        let name = lowercased.utf8Start
        for offset in 0 ..< lowercased.utf8CodeUnitCount where bytes[start + offset] | 0x20 != name[offset] { return false }
        return true
    }

    /// The value between `start` and `end` without optional whitespace around it.
    private static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        var low = start, high = end
        while low < high && (bytes[low] == UInt8(ascii: " ") || bytes[low] == UInt8(ascii: "\t")) { low += 1 }
        while high > low && (bytes[high - 1] == UInt8(ascii: " ") || bytes[high - 1] == UInt8(ascii: "\t")) { high -= 1 }
        return low ..< high
    }
}
