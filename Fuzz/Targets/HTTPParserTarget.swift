import HTTPServer

/// The HTTP/1.1 request parser on arbitrary bytes, with small limits (so the fuzzer
/// reaches every limit) and with the defaults. Asserted beyond "did not crash":
/// - it never asks for more bytes than its limits admit (`.incomplete` only while the
///   input is within `maxRequestBytes`);
/// - fed a prefix (cut where the input's hash says, and one byte short of what it
///   consumed), it answers as a stream parser must: the same request once every byte
///   of it has arrived, "incomplete" before, never a different request;
/// - every accepted request, written back out (request line, fields, body), parses to
///   the same method, target, version, fields and body, consuming all of it.
enum HTTPParserTarget {
    static let target = FuzzTarget(
        name: "http", summary: "request parser: limits, prefixes, reparse of the re-serialised head; the access log's lines", run: run)

    static let small = HTTPParserLimits(maxRequestLineBytes: 96, maxHeaderBytes: 192, maxHeaderCount: 6, maxBodyBytes: 64)

    static func run(_ data: [UInt8]) {
        for limits in [small, HTTPParserLimits()] {
            check(data, limits: limits)
        }
        AccessLogOracle.check(data)
    }

    static func check(_ data: [UInt8], limits: HTTPParserLimits) {
        let whole = HTTPRequestParser.parse(data[...], limits: limits)
        if case .incomplete = whole {
            require(data.count <= limits.maxRequestBytes,
                    "incomplete after \(data.count) bytes, beyond the limits' \(limits.maxRequestBytes)")
        }
        var cuts = [Int(fnv1a(data) % UInt64(data.count + 1))]
        if case .request(_, let consumed) = whole {
            cuts += [consumed - 1, consumed]
        }
        for cut in cuts where cut >= 0 && cut <= data.count {
            let part = HTTPRequestParser.parse(data[..<cut], limits: limits)
            switch (whole, part) {
            case (.request(let request, let consumed), _) where cut >= consumed:
                guard case .request(let again, let used) = part else {
                    return require(false, "a prefix of \(cut) bytes holding the whole request (\(consumed)) was not parsed as it")
                }
                require(used == consumed && same(request, again), "the prefix parsed to another request")
            case (.request, .incomplete), (.incomplete, .incomplete), (.failure, .incomplete), (.failure, .failure):
                break
            case (.request, _):
                require(false, "a prefix of \(cut) bytes of a valid request was refused or taken for another: \(part)")
            case (.incomplete, _):
                require(false, "a prefix of \(cut) bytes of an incomplete input was not incomplete: \(part)")
            case (.failure, .request):
                require(false, "a prefix of \(cut) bytes of a refused input was accepted")
            }
        }
        if case .request(let request, _) = whole {
            let written = serialise(request)
            // Written out, each field gains at most the space after its colon: the limits
            // grow by that much (a field sent as `name:value` at the limit is still valid).
            var widened = limits
            widened.maxHeaderBytes += request.headers.count
            guard case .request(let again, let consumed) = HTTPRequestParser.parse(written[...], limits: widened) else {
                return require(false, "the re-serialised request did not parse: \(String(decoding: written, as: UTF8.self))")
            }
            require(consumed == written.count, "the re-serialised request parsed with \(written.count - consumed) bytes left")
            require(same(request, again), "the re-serialised request parsed to another request")
        }
    }

    /// The request as a client would write it: request line, one line per field (the
    /// value as parsed, without the optional whitespace), an empty line, the body.
    static func serialise(_ request: HTTPRequest) -> [UInt8] {
        var bytes = Array("\(request.method) \(request.target) \(request.version.rawValue)\r\n".utf8)
        for (name, value) in request.headers {
            // Values hold one scalar per byte above 0x7F (ISO-8859-1): write them back so.
            bytes += Array("\(name): ".utf8) + value.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } + [13, 10]
        }
        return bytes + [13, 10] + request.body
    }

    static func same(_ a: HTTPRequest, _ b: HTTPRequest) -> Bool {
        a.method == b.method && a.target == b.target && a.version == b.version && a.body == b.body
            && Array(a.headers).elementsEqual(Array(b.headers)) { $0.name == $1.name && $0.value == $1.value }
    }
}
