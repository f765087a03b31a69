import Foundation

/// One result a job script printed (`spinnerd_tools.browser`, `spinnerd_tools.lottie`), read
/// by the path the test names: `try report.lottie.webSnippet.light.red.asInt`.
///
/// The shape of each job's result is written once, in its Python module's docstring; tests
/// read the members they assert without restating the shape as a `Decodable`. A member
/// that is missing or of another type throws `JobResult.Mismatch`, naming its whole path
/// (`gallery[0].lottie.webSnippet.light.red: expected a number, found null`), so a renamed
/// key fails the test that reads it, as a decoding error did.
///
/// Members are read by name (`report.first`) or, for keys that are no Swift identifier or
/// that share a name with a reader below, by subscript (`report["react-native"]`).
@dynamicMemberLookup
public struct JobResult: Sendable, CustomStringConvertible {
    /// A JSON value as the script printed it.
    public enum Value: Sendable, Decodable, Equatable {
        case null, bool(Bool), number(Double), string(String)
        case array([Value]), object([String: Value])

        public init(from decoder: Decoder) throws {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let flag = try? single.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? single.decode(Double.self) { self = .number(number) }
            else if let text = try? single.decode(String.self) { self = .string(text) }
            else if let elements = try? single.decode([Value].self) { self = .array(elements) }
            else { self = .object(try single.decode([String: Value].self)) }
        }

        /// What the value is, for a message: `null`, `a number (3)`, `an object`.
        var summary: String {
            switch self {
            case .null: "null"
            case .bool(let flag): "a boolean (\(flag))"
            case .number(let number): "a number (\(number))"
            case .string(let text): "a string (\(text.prefix(60).debugDescription))"
            case .array(let elements): "an array of \(elements.count)"
            case .object(let members): "an object with \(members.keys.sorted().prefix(8).joined(separator: ", "))"
            }
        }
    }

    /// A member missing, or of another type than the test reads it as.
    public struct Mismatch: Error, CustomStringConvertible {
        /// Where in the results: `gallery[0].kinds[2].name`.
        public let path: String
        /// What the test read it as, and what was there.
        public let problem: String
        public var description: String { "\(path): \(problem)" }
    }

    /// The value; nil when the member is absent.
    private let jsonValue: Value?
    /// Where this value is in the script's output.
    public let jsonPath: String

    public init(_ jsonValue: Value?, at jsonPath: String) {
        self.jsonValue = jsonValue
        self.jsonPath = jsonPath
    }

    /// Every result of `data` (a JSON array, one per job), each named `label[index]`.
    public static func results(of data: Data, label: String) throws -> [JobResult] {
        let top = JobResult(try JSONDecoder().decode(Value.self, from: data), at: label)
        return try top.asElements
    }

    public var description: String { "\(jsonPath) = \(jsonValue?.summary ?? "absent")" }

    /// The member `key` of an object (absent when this is no object or has no such key).
    public subscript(dynamicMember key: String) -> JobResult { self[key] }

    /// The member `key` of an object, for keys that are no Swift identifier.
    public subscript(_ key: String) -> JobResult {
        guard case .object(let members)? = jsonValue else { return JobResult(nil, at: "\(jsonPath).\(key)") }
        return JobResult(members[key], at: "\(jsonPath).\(key)")
    }

    /// The element at `index` of an array (absent when out of range).
    public subscript(_ index: Int) -> JobResult {
        guard case .array(let elements)? = jsonValue, elements.indices.contains(index) else {
            return JobResult(nil, at: "\(jsonPath)[\(index)]")
        }
        return JobResult(elements[index], at: "\(jsonPath)[\(index)]")
    }

    /// Whether the member is JSON `null` (an absent member throws: the key is wrong).
    public var isNull: Bool {
        get throws {
            guard let jsonValue else { throw mismatch("null or a value") }
            return jsonValue == .null
        }
    }

    public var asString: String {
        get throws {
            guard case .string(let text)? = jsonValue else { throw mismatch("a string") }
            return text
        }
    }

    public var asBool: Bool {
        get throws {
            guard case .bool(let flag)? = jsonValue else { throw mismatch("a boolean") }
            return flag
        }
    }

    public var asDouble: Double {
        get throws {
            guard case .number(let number)? = jsonValue else { throw mismatch("a number") }
            return number
        }
    }

    /// A number with no fraction.
    public var asInt: Int {
        get throws {
            guard case .number(let number)? = jsonValue, number.rounded() == number, abs(number) < 9e15 else {
                throw mismatch("a whole number")
            }
            return Int(number)
        }
    }

    /// The elements of an array, each with its path.
    public var asElements: [JobResult] {
        get throws {
            guard case .array(let elements)? = jsonValue else { throw mismatch("an array") }
            return elements.indices.map { JobResult(elements[$0], at: "\(jsonPath)[\($0)]") }
        }
    }

    /// The members of an object by key, each with its path.
    public var asMembers: [String: JobResult] {
        get throws {
            guard case .object(let members)? = jsonValue else { throw mismatch("an object") }
            return Dictionary(uniqueKeysWithValues: members.keys.map { ($0, self[$0]) })
        }
    }

    public var asStrings: [String] { get throws { try asElements.map { try $0.asString } } }
    public var asDoubles: [Double] { get throws { try asElements.map { try $0.asDouble } } }

    /// An object whose members are all strings.
    public var asStringMembers: [String: String] {
        get throws { try asMembers.mapValues { try $0.asString } }
    }

    /// An object whose members are all numbers.
    public var asDoubleMembers: [String: Double] {
        get throws { try asMembers.mapValues { try $0.asDouble } }
    }

    /// An object whose members are all booleans.
    public var asBoolMembers: [String: Bool] {
        get throws { try asMembers.mapValues { try $0.asBool } }
    }

    /// nil for JSON `null` or a member the script leaves out (as `Decodable` reads an
    /// optional), else the member read by `read`.
    public func optional<T>(_ read: (JobResult) throws -> T) throws -> T? {
        jsonValue == nil || jsonValue == .null ? nil : try read(self)
    }

    public var asOptionalString: String? { get throws { try optional { try $0.asString } } }
    public var asOptionalDouble: Double? { get throws { try optional { try $0.asDouble } } }
    public var asOptionalInt: Int? { get throws { try optional { try $0.asInt } } }

    private func mismatch(_ expected: String) -> Mismatch {
        Mismatch(path: jsonPath, problem: "expected \(expected), found \(jsonValue?.summary ?? "nothing (no such member)")")
    }
}
