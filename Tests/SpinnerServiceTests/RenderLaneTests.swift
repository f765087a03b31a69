import Foundation
import HTTPServer
import ImageCodecs
import Concurrency
import SpinnerModel
import SpinnerRendering
import UnitSupport
@testable import SpinnerService
import Synchronization
import XCTest

final class RenderLaneTests: XCTestCase {
    func testEveryDefaultSpinnerInEveryFormatIsAQuickRender() throws {
        let renderer = SpinnerRenderer()
        let limit = ServiceConfiguration().quickRender.inSeconds
        for kind in SpinnerKind.allCases {
            for format in OutputFormat.allCases {
                let estimate = try renderer.estimate(SpinnerRequest.parse(kind: kind.rawValue, format: format, query: []))
                XCTAssertLessThanOrEqual(estimate.seconds, limit, "\(kind.rawValue).\(format.rawValue): a page of spinners stays in the quick lane")
            }
        }
    }
}
