import Foundation
import HTTPServer
import ImageCodecs
import SpinnerModel
import SpinnerRendering
@testable import SpinnerService
import UnitSupport
import Concurrency
import XCTest

/// What a client is told when a render does not end in an image — it failed, it waited its
/// limit, it waited for memory — through the service's responder, with the drawing replaced
/// by one the test controls (a failing encoder, a render that holds its thread).
final class RenderOutcomeTests: XCTestCase {
    /// A drawing that waits until the test lets it go, then renders for real.
    private final class HeldDrawing: Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        private let renderer = SpinnerRenderer()

        func draw(_ prepared: PreparedRender, _ stop: StopCheck) throws(RenderError) -> RenderedImage {
            started.signal()
            release.wait()
            return try renderer.render(prepared, stop: stop)
        }
    }

    private func service(_ configuration: ServiceConfiguration, log: @escaping @Sendable (String) -> Void = { _ in },
                         draw: @escaping @Sendable (PreparedRender, StopCheck) throws(RenderError) -> RenderedImage) -> SpinnerService {
        var configuration = configuration
        configuration.renderTimeout = TestProfile.renderTimeout
        configuration.provisionalAnswers = false
        let service = SpinnerService(configuration: configuration, transportStatistics: { TransportStatistics() }, log: log, draw: draw)
        addTeardownBlock { service.stop() }
        return service
    }

    /// Asks `target`: the response is read from the value once it comes.
    private func ask(_ service: SpinnerService, _ target: String) -> AskedAnswer {
        service.ask(HTTPRequest(method: .get, target: target, headers: HTTPHeaders([("Host", "t")])))
    }

    private func metrics(_ service: SpinnerService) -> String {
        String(decoding: (try? ask(service, "/metrics").wait().body) ?? [], as: UTF8.self)
    }

    /// An encoder's failure is answered 500 with a public message and an id; the body holds
    /// no internal type name or library text, and the log has that id with what failed.
    func testAFailedRenderTellsItsClientAnIdAndTheLogWhatFailed() throws {
        let logged = Locked<[String]>([])
        let internalText = "WebPAnimEncoderAssemble failed: VP8_ENC_ERROR_OUT_OF_MEMORY"
        let service = service(ServiceConfiguration(), log: { line in logged.withLock { $0.append(line) } }) { _, _ throws(RenderError) in
            throw RenderError.codec(CodecError(internalText))
        }
        let response = try ask(service, "/spinner/dots.webp?size=40").wait()
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(response.headers["Cache-Control"], "no-store")
        let body = String(decoding: response.body, as: UTF8.self)
        let problem = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let id = try XCTUnwrap(problem["error_id"] as? String)
        XCTAssertEqual(id.count, 16)
        XCTAssertTrue(id.allSatisfy(\.isHexDigit), id)
        XCTAssertTrue((problem["detail"] as? String)?.contains(id) == true, body)
        for name in ["CodecError", "RenderError", "codec(", "ImageCodecs", "WebPAnimEncoder", "VP8", "OUT_OF_MEMORY", "message:"] {
            XCTAssertFalse(body.contains(name), "the body names \(name): \(body)")
        }
        let lines = logged.withLock { $0 }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains(id) == true && lines.first?.contains(internalText) == true, "\(lines)")
        XCTAssertTrue(metrics(service).contains("spinnerd_render_failed_total 1"))
        // Another failure gets another id.
        let again = try ask(service, "/spinner/dots.webp?size=41").wait()
        let second = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(again.body)) as? [String: Any])
        XCTAssertNotEqual(second["error_id"] as? String, id)
    }

    /// A render that waited its limit for a thread is answered 503 with Retry-After once the
    /// limit passes, while the render holding the thread goes on and is answered 200.
    func testARenderThatWaitedItsLimitIsAnswered503() throws {
        let held = HeldDrawing()
        var configuration = ServiceConfiguration(lanes: RenderScheduler.Limits(quickWorkers: 1, heavyWorkers: 1))
        configuration.queueTimeout = .milliseconds(200)
        let service = service(configuration, draw: held.draw)
        let first = ask(service, "/spinner/arc.png?size=40")
        XCTAssertEqual(held.started.wait(timeout: .now() + 60), .success)
        let waiting = try ask(service, "/spinner/arc.png?size=41").wait()
        // Answered by the wait limit, not by a full queue (the limit's path, not a time).
        XCTAssertTrue(metrics(service).contains("spinnerd_render_rejected_total{lane=\"quick\",reason=\"waited_too_long\"} 1"),
                      metrics(service))
        XCTAssertEqual(waiting.status, 503)
        XCTAssertEqual(waiting.headers["Retry-After"], "2")
        XCTAssertEqual(waiting.headers["Cache-Control"], "no-store")
        XCTAssertNil(first.response, "the first still renders")
        held.release.signal()
        XCTAssertEqual(try first.wait().status, 200)
        XCTAssertTrue(metrics(service).contains("spinnerd_render_rejected_total{lane=\"quick\",reason=\"waited_too_long\"} 1"))
    }

    /// Under a memory limit a render that does not fit beside the one running waits for its
    /// memory (never a 400: the API is the same under any limit) and is rendered once the
    /// first gives its memory back; /metrics shows it waiting.
    func testUnderAMemoryLimitARenderWaitsForMemoryRatherThanBeingRefused() throws {
        let held = HeldDrawing()
        var configuration = ServiceConfiguration(lanes: RenderScheduler.Limits(quickWorkers: 2, heavyWorkers: 1))
        configuration.renderMemoryBytes = 1 << 20  // less than either render's working set: one at a time
        configuration.queueTimeout = TestProfile.queueTimeout
        let service = service(configuration, draw: held.draw)
        // dots at 400 px: 5 MiB of working memory each, past the small renders' allowance.
        let first = ask(service, "/spinner/dots.png?size=400")
        XCTAssertEqual(held.started.wait(timeout: .now() + 60), .success)
        let second = ask(service, "/spinner/dots.png?size=401")
        _ = waitUntil { metrics(service).contains("spinnerd_render_memory_waiting 1") }
        let text = metrics(service)
        XCTAssertTrue(text.contains("spinnerd_render_memory_waiting 1"), text)
        XCTAssertTrue(text.contains("spinnerd_render_memory_capacity_bytes 1048576"), text)
        XCTAssertTrue(text.contains("spinnerd_render_memory_held_bytes 1048576"), text)
        XCTAssertNil(second.response)
        held.release.signal()
        XCTAssertEqual(try first.wait().status, 200)
        XCTAssertEqual(held.started.wait(timeout: .now() + 60), .success, "the second starts once the first gave its memory back")
        held.release.signal()
        XCTAssertEqual(try second.wait().status, 200)
        XCTAssertTrue(metrics(service).contains("spinnerd_render_memory_waits_total 1"))
    }
}
