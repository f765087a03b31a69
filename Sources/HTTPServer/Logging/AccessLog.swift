/// One answer as the access log sees it: the request (borrowed), who sent it, and what it
/// was answered.
public struct AccessLogRecord {
    public var request: AccessLogRequest.View
    /// The peer's address (a front's, when one forwards).
    public var peer: ClientAddress
    public var status: HTTPStatus
    /// Body bytes sent (0 for HEAD and 304).
    public var bytes: Int
    /// From the request's arrival to its answer being queued, in milliseconds.
    public var milliseconds: Int64
    /// The responder's note (`cache=hit`, `reason=client_limit`), if any.
    public var note: AccessLogNote?
    /// A probe's or a scrape's answer (written at the `debug` level only).
    public var routine: Bool

    public init(request: AccessLogRequest.View, peer: ClientAddress, status: HTTPStatus, bytes: Int, milliseconds: Int64,
                note: AccessLogNote? = nil, routine: Bool = false) {
        self.request = request
        self.peer = peer
        self.status = status
        self.bytes = bytes
        self.milliseconds = milliseconds
        self.note = note
        self.routine = routine
    }
}

/// The access log: which answers get a line (`level`), how it is written (`format`), who
/// the client is (through `trusted` fronts), and which query parameters' values are cut to
/// their first 8 characters and `...` (a signature: enough to tell two apart in a log, too
/// little to replay one). Lines are made into an event loop's `LogBuffer` from the
/// request's own bytes: no text and no allocation per line.
public struct AccessLog: Sendable {
    public let level: LogLevel
    public let format: LogFormat
    public let trusted: TrustedProxies
    /// `NAME=` of each redacted parameter.
    private let redacted: [[UInt8]]

    /// The most bytes of a target written (then `...`). 300.
    static let targetLimit = 300
    /// The most bytes of a user agent written. 256.
    static let userAgentLimit = 256
    /// The most bytes of a request id written. 128.
    static let requestIDLimit = 128
    /// The most bytes a line takes, newline included: 8 KiB (every field at its bound,
    /// escaped, takes under 6).
    public static var longestLine: Int { LogBuffer.lineRoom }
    /// How many characters of a redacted value are kept. 8.
    static let redactedKept = 8

    public init(level: LogLevel, format: LogFormat, trusted: TrustedProxies = .none, redacting parameters: [String] = []) {
        self.level = level
        self.format = format
        self.trusted = trusted
        redacted = parameters.map { Array(($0 + "=").utf8) }
    }

    /// True when an answer of `status` gets a line (`routine`: a probe's or a scrape's).
    @inline(__always)
    public func logs(status: HTTPStatus, routine: Bool) -> Bool { level.logsAnswer(status: status, routine: routine) }

    /// The level an answer's JSON line states: `debug` for a probe's, `error` for a 500,
    /// `warn` for another 5xx (a refusal, a timeout), else `info`.
    static func level(of record: AccessLogRecord) -> StaticString {
        if record.status == .internalServerError { return "error" }
        if record.status.kind == 5 { return "warn" }
        return record.routine ? "debug" : "info"
    }

    /// Appends `record`'s line, newline included, at the time `clock` reads now.
    func append(_ record: AccessLogRecord, clock: inout LogClock, to line: inout LogBuffer) {
        let request = record.request
        switch format {
        case .text:
            clock.append(to: &line)
            line.append(UInt8(ascii: " "))
            appendClient(record, to: &line, json: false)
            line.append(" \"")
            line.append(utf8: request.method?.rawValue ?? "-")
            line.append(UInt8(ascii: " "))
            appendTarget(request.target, to: &line, json: false)
            line.append(UInt8(ascii: " "))
            line.append(utf8: request.version?.rawValue ?? "-")
            line.append("\" ")
            line.append(decimal: record.status.code)
            line.append(UInt8(ascii: " "))
            line.append(decimal: record.bytes)
            line.append(UInt8(ascii: " "))
            line.append(decimal: record.milliseconds)
            line.append("ms ")
            if let note = record.note { note.text.withUnsafeBytes { line.append($0) } } else { line.append(UInt8(ascii: "-")) }
            line.append(" \"")
            if let agent = request.userAgent { line.appendQuotedText(agent, limit: Self.userAgentLimit) } else { line.append(UInt8(ascii: "-")) }
            line.append(UInt8(ascii: "\""))
            if let id = request.requestID {
                line.append(" id=")
                line.appendWord(id, limit: Self.requestIDLimit)
            }
        case .json:
            line.append("{\"time\":\"")
            clock.append(to: &line)
            line.append("\",\"level\":\"")
            line.append(Self.level(of: record))
            line.append("\",\"msg\":\"request\",\"client\":")
            appendClient(record, to: &line, json: true)
            line.append(",\"peer\":\"")
            line.append(record.peer)
            line.append("\",\"method\":")
            line.append(quotedOrNull: request.method?.rawValue)
            line.append(",\"path\":")
            appendTarget(request.target, to: &line, json: true)
            line.append(",\"protocol\":")
            line.append(quotedOrNull: request.version?.rawValue)
            line.append(",\"status\":")
            line.append(decimal: record.status.code)
            line.append(",\"bytes\":")
            line.append(decimal: record.bytes)
            line.append(",\"duration_ms\":")
            line.append(decimal: record.milliseconds)
            if let note = record.note {
                line.append(UInt8(ascii: ","))
                note.json.withUnsafeBytes { line.append($0) }
            }
            line.append(",\"user_agent\":")
            if let agent = request.userAgent { line.appendJSONString(agent, limit: Self.userAgentLimit) } else { line.append("null") }
            line.append(",\"request_id\":")
            if let id = request.requestID { line.appendJSONString(id, limit: Self.requestIDLimit) } else { line.append("null") }
            line.append(UInt8(ascii: "}"))
        }
        line.append(UInt8(ascii: "\n"))
    }

    /// The client: the peer, or whom a trusted front forwarded for (an entry that is not an
    /// address as it stands, bounded).
    private func appendClient(_ record: AccessLogRecord, to line: inout LogBuffer, json: Bool) {
        switch trusted.resolve(peer: record.peer, forwardedFor: record.request.forwardedFor) {
        case .address(let address):
            if json { line.append(UInt8(ascii: "\"")) }
            line.append(address)
            if json { line.append(UInt8(ascii: "\"")) }
        case .named(let range):
            guard let forwarded = record.request.forwardedFor else { return }  // a name comes from the field
            let name = UnsafeRawBufferPointer(rebasing: forwarded[range])
            if json {
                line.appendJSONString(name, limit: ClientOrigin.longestName)
            } else {
                line.appendQuotedText(name, limit: ClientOrigin.longestName)
            }
        }
    }

    /// The target, `-` without one, with each redacted parameter's value cut.
    private func appendTarget(_ target: UnsafeRawBufferPointer, to line: inout LogBuffer, json: Bool) {
        guard !target.isEmpty else {
            line.append(json ? "\"-\"" : "-")
            return
        }
        guard !redacted.isEmpty, let question = target.firstIndex(of: UInt8(ascii: "?")) else {
            if json { line.appendJSONString(target, limit: Self.targetLimit) } else { line.appendQuotedText(target, limit: Self.targetLimit) }
            return
        }
        // Redacted values cut first, then the bound and escaping over the result (a copy the
        // size of the target, on the stack; a cut value grows by at most 2 bytes of the 13
        // or more its pair takes).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: target.count + target.count / 4 + 8) { scratch in
            var cut = LogBuffer(UnsafeMutableRawBufferPointer(scratch))
            cut.append(UnsafeRawBufferPointer(rebasing: target[...question]))
            var start = question + 1
            while start <= target.count {
                var end = start
                while end < target.count && target[end] != UInt8(ascii: "&") { end += 1 }
                let pair = UnsafeRawBufferPointer(rebasing: target[start ..< end])
                if let name = redacted.first(where: { pair.starts(with: $0) }), pair.count > name.count + Self.redactedKept {
                    cut.append(UnsafeRawBufferPointer(rebasing: pair[..<(name.count + Self.redactedKept)]))
                    cut.append("...")
                } else {
                    cut.append(pair)
                }
                if end < target.count { cut.append(UInt8(ascii: "&")) }
                start = end + 1
            }
            let bytes = UnsafeRawBufferPointer(start: scratch.baseAddress, count: cut.count)
            if json { line.appendJSONString(bytes, limit: Self.targetLimit) } else { line.appendQuotedText(bytes, limit: Self.targetLimit) }
        }
    }

    /// `record`'s line without its newline, at `time` (default: now): what `append` writes,
    /// as text (tests, tools).
    public func line(_ record: AccessLogRecord, time: (seconds: Int, nanoseconds: Int)? = nil) -> String {
        String(decoding: lineBytes(record, time: time), as: UTF8.self)
    }

    /// `record`'s line without its newline, as the bytes `append` writes (the fuzz target
    /// checks them as they are, before any repair of text).
    public func lineBytes(_ record: AccessLogRecord, time: (seconds: Int, nanoseconds: Int)? = nil) -> [UInt8] {
        withUnsafeTemporaryAllocation(byteCount: LogBuffer.lineRoom, alignment: 1) { storage in
            var buffer = LogBuffer(storage)
            var clock = LogClock(fixed: time)
            append(record, clock: &clock, to: &buffer)
            return Array(UnsafeRawBufferPointer(start: storage.baseAddress, count: max(0, buffer.count - 1)))
        }
    }
}
