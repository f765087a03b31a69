import SpinnerModel
import SpinnerRendering
import XCTest

/// Lottie writes every track over the whole loop, so a duration whose motions line up only
/// after a long time would make a document of megabytes (dots, 16 dots, duration=19.999:
/// a 39 998 s loop, 47 MB, 6 s, 760 MB before the loop limit bound Lottie). Every
/// duration of every kind is either refused for its loop (`duration`, 400) or admitted
/// with a small document.
final class LottieBudgetTests: XCTestCase {
    /// The largest document the budget may admit.
    static let maximumBytes = 128 * 1024

    func testEveryDurationIsRefusedForItsLoopOrMakesASmallDocument() throws {
        let renderer = SpinnerRenderer()
        var largest = (bytes: 0, label: ""), refused = 0, admitted = 0
        for kind in SpinnerKind.allCases {
            let counts: [String?] = kind.definition(of: .count).flatMap { definition -> [String?]? in
                if case .integer(_, let range) = definition.type { return [String(range.lowerBound), String(range.upperBound)] }
                return nil
            } ?? [nil]
            guard case .decimal(_, let range, _, _)? = kind.definition(of: .duration)?.type else { continue }
            let low = Int(range.lowerBound.doubleValue * 1000), high = Int(range.upperBound.doubleValue * 1000)
            // Every millisecond for dots (whose loop is the lcm with its 2 s pulse), every 10 ms otherwise.
            let step = kind == .dots ? 1 : 10
            for count in counts {
                for milliseconds in stride(from: low, through: high, by: step) {
                    let query = [(name: "duration", value: "\(milliseconds)ms")] + (count.map { [(name: "count", value: $0)] } ?? [])
                    let request = try SpinnerRequest.parse(kind: kind.rawValue, format: .lottie, query: query)
                    let prepared: PreparedRender
                    do throws(RequestError) {
                        prepared = try renderer.prepare(request)
                    } catch {
                        guard case .loopTooLong = error else { return XCTFail("\(kind.rawValue) \(query): refused for \(error)") }
                        XCTAssertEqual(error.parameter, "duration")
                        refused += 1
                        continue
                    }
                    admitted += 1
                    let bytes = try renderer.render(prepared).bytes.count
                    if bytes > largest.bytes { largest = (bytes, "\(kind.rawValue) \(query.map { "\($0.name)=\($0.value)" }.joined(separator: " "))") }
                }
            }
        }
        print("lottie budget: \(admitted) durations admitted, \(refused) refused for their loop; largest document \(largest.bytes) bytes (\(largest.label))")
        XCTAssertGreaterThan(refused, 0)
        XCTAssertLessThanOrEqual(largest.bytes, Self.maximumBytes, largest.label)
    }
}
