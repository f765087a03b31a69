import ExactTime
@testable import SpinnerModel
import XCTest

/// A validated request from `key=value` pairs, failing the test on a refusal.
func request(_ kind: String, _ format: OutputFormat? = nil, _ pairs: [String: String] = [:],
             file: StaticString = #filePath, line: UInt = #line) throws -> SpinnerRequest {
    do {
        return try SpinnerRequest.parse(kind: kind, format: format, query: pairs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    } catch {
        XCTFail("refused: \(error.detail)", file: file, line: line)
        throw error
    }
}

/// The refusal of a request that should be refused.
func refusal(_ kind: String, _ format: OutputFormat? = nil, _ query: [(String, String)]) -> RequestError? {
    do {
        _ = try SpinnerRequest.parse(kind: kind, format: format, query: query.map { (name: $0.0, value: $0.1) })
        return nil
    } catch {
        return error
    }
}

/// Milliseconds as an exact model time.
func ms(_ value: Int) -> Rational { Rational(value) }
