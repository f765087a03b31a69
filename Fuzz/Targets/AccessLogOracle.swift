import HTTPServer

/// Part of the `http` target (the same inputs, no time of its own in `make test`): the
/// access log's line of every request the parser accepts, in both formats, with every
/// forwarded address trusted (so the client is read out of the hostile `X-Forwarded-For`)
/// and `sig` redacted. Asserted beyond "did not crash": each line is one line (no newline,
/// no control character), valid UTF-8, within `AccessLog.longestLine`; the JSON line is a
/// flat object whose every value is a string, a number or null, with `time`, `level`,
/// `msg`, `client` and `path`; a signature's value never appears whole.
enum AccessLogOracle {
    private static let everyone = TrustedProxies(list: "0.0.0.0/0") ?? .none

    static func check(_ data: [UInt8]) {
        data.withUnsafeBufferPointer { buffer in
            guard case .head(let head) = HTTPRequestParser.scan(buffer) else { return }
            for format in LogFormat.allCases {
                let log = AccessLog(level: .debug, format: format, trusted: everyone, redacting: ["sig"])
                let line = AccessLogRequest.View.borrowing(head, in: buffer) { request in
                    log.lineBytes(AccessLogRecord(request: request, peer: ClientAddress(0x7F00_0001), status: 200, bytes: 1,
                                                  milliseconds: 1, note: AccessLogNote("cache", "hit")))
                }
                require(line.count < AccessLog.longestLine, "a line of \(line.count) bytes")
                require(!line.contains { $0 < 0x20 || $0 == 0x7F }, "a control byte in the line")
                guard let text = String(validating: line, as: UTF8.self) else { return require(false, "not UTF-8") }
                if let signature = Self.longSignature(in: Array(buffer[head.target])) {
                    require(!Self.contains(line, signature), "a whole signature in the line: \(text)")
                }
                if format == .json {
                    guard let fields = FlatJSON.object(line) else { return require(false, "not a flat JSON object: \(text)") }
                    for name in ["time", "level", "msg", "client", "path"] {
                        require(fields.contains(name), "no \(name) in \(text)")
                    }
                }
            }
        }
    }

    /// True when `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0 ... haystack.count - needle.count).contains { haystack[$0 ..< $0 + needle.count].elementsEqual(needle) }
    }

    /// The value of a `sig=` parameter of the target's query longer than the 8 characters
    /// the log keeps, if any.
    static func longSignature(in target: [UInt8]) -> [UInt8]? {
        guard let question = target.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        for pair in target[(question + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            let name = Array("sig=".utf8)
            if pair.starts(with: name), pair.count > name.count + 8 { return Array(pair.dropFirst(name.count)) }
        }
        return nil
    }
}

/// A check that bytes are one flat JSON object (string keys; values strings, numbers or
/// null): what the access log writes, read strictly. Returns the keys, or nil.
enum FlatJSON {
    static func object(_ bytes: [UInt8]) -> Set<String>? {
        var index = 0
        func skipSpaces() { while index < bytes.count && bytes[index] == UInt8(ascii: " ") { index += 1 } }
        func expect(_ byte: UInt8) -> Bool {
            skipSpaces()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func string() -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(validating: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "n"), UInt8(ascii: "r"),
                         UInt8(ascii: "t"), UInt8(ascii: "b"), UInt8(ascii: "f"):
                        out.append(escaped)
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count, bytes[index ..< index + 4].allSatisfy({ $0.isHexDigit }) else { return nil }
                        index += 4
                        out.append(UInt8(ascii: "?"))
                    default: return nil
                    }
                case 0 ..< 0x20: return nil
                default: out.append(byte)
                }
            }
            return nil
        }
        func value() -> Bool {
            skipSpaces()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "n"):
                guard bytes[index...].starts(with: Array("null".utf8)) else { return false }
                index += 4
                return true
            default:
                let start = index
                if bytes[index] == UInt8(ascii: "-") { index += 1 }
                while index < bytes.count && (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index > start && bytes[index - 1] != UInt8(ascii: "-")
            }
        }
        var keys = Set<String>()
        guard expect(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = string(), expect(UInt8(ascii: ":")), value(), keys.insert(key).inserted else { return nil }
        } while expect(UInt8(ascii: ","))
        guard expect(UInt8(ascii: "}")) else { return nil }
        skipSpaces()
        return index == bytes.count ? keys : nil
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a") ... UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A") ... UInt8(ascii: "F")).contains(self)
    }
}
