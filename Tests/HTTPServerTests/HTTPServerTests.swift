import Foundation
@testable import HTTPServer
import Synchronization
import UnitSupport
import Concurrency
import XCTest

final class HTTPServerTests: XCTestCase {
    private let responder = EchoResponder()

    private func server(_ configuration: HTTPServerConfiguration = HTTPServerConfiguration(host: "127.0.0.1", port: 0),
                        clock: any MonotonicClock = SystemClock()) throws -> (HTTPServer, Int) {
        let server = HTTPServer(configuration: configuration, responder: responder, clock: clock)
        let port = try server.start()
        addTeardownBlock {
            server.shutdown()
            server.wait()
        }
        return (server, port)
    }

    func testKeepAliveServesSeveralRequestsOnOneConnection() throws {
        let (_, port) = try server()
        let client = try RawHTTPClient(port: port)
        for path in ["/echo?a=1", "/echo?a=2"] {
            try client.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.receive()
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.text, "GET \(path)")
            XCTAssertNotNil(response.header("Date"))
            XCTAssertNil(response.header("Connection"))
        }
    }

    func testPipelinedResponsesComeBackInOrder() throws {
        let (_, port) = try server()
        let client = try RawHTTPClient(port: port)
        try client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /echo?second HTTP/1.1\r\nHost: t\r\n\r\nHEAD /echo?third HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.receive().text, "GET /slow")
        XCTAssertEqual(try client.receive().text, "GET /echo?second")
        let head = try client.receive(headRequest: true)
        XCTAssertEqual(head.header("Content-Length"), String("HEAD /echo?third".utf8.count))
        XCTAssertTrue(head.body.isEmpty)
    }

    func testConnectionCloseAndHTTP10CloseAfterTheResponse() throws {
        let (_, port) = try server()
        let closing = try RawHTTPClient(port: port)
        try closing.send("GET /echo HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(try closing.receive().header("Connection"), "close")
        XCTAssertTrue(closing.isClosedByServer())
        let old = try RawHTTPClient(port: port)
        try old.send("GET /echo HTTP/1.0\r\n\r\n")
        XCTAssertEqual(try old.receive().status, 200)
        XCTAssertTrue(old.isClosedByServer())
        let oldKeepAlive = try RawHTTPClient(port: port)
        try oldKeepAlive.send("GET /echo HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(try oldKeepAlive.receive().header("Connection"), "keep-alive")
    }

    func testMalformedRequestGets400AndTheConnectionCloses() throws {
        let (_, port) = try server()
        let client = try RawHTTPClient(port: port)
        try client.send("BLAH\r\n\r\n")
        XCTAssertEqual(try client.receive().status, 400)
        XCTAssertTrue(client.isClosedByServer())
    }

    func testOversizedRequestLineAndHeadersGet414And431() throws {
        let (_, port) = try server()
        let long = try RawHTTPClient(port: port)
        try long.send("GET /" + String(repeating: "x", count: 9000) + " HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try long.receive().status, 414)
        let big = try RawHTTPClient(port: port)
        try big.send("GET / HTTP/1.1\r\nHost: t\r\n" + String(repeating: "X-Filler: " + String(repeating: "y", count: 100) + "\r\n", count: 200) + "\r\n")
        XCTAssertEqual(try big.receive().status, 431)
    }

    func testSlowClientGets408AndIdleConnectionsClose() throws {
        // The server's time is the test's: nothing here depends on how fast the machine is.
        let clock = ManualClock()
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1)
        configuration.requestTimeout = .seconds(2)
        configuration.idleTimeout = .milliseconds(600)
        let (server, port) = try server(configuration, clock: clock)
        let slow = try RawHTTPClient(port: port)
        try slow.send("GET /echo HTTP/1.1\r\nHo")
        XCTAssertTrue(waitUntil { server.openConnections == 1 })
        // The loop looks at deadlines once the clock has moved a tick (250 ms) on. Short of
        // the timeout nothing happens: an answer on another connection (the one loop
        // serves both) comes back while the slow one still waits.
        clock.advance(1_750)
        let idle = try RawHTTPClient(port: port)
        try idle.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try idle.receive().status, 200)
        XCTAssertEqual(server.statistics.timedOut, 0)
        clock.advance(250)
        let response = try slow.receive()
        XCTAssertEqual(response.status, 408)
        XCTAssertTrue(slow.isClosedByServer())
        // The idle connection is still there until its idle time has passed: it answers
        // again, then closes once the clock moves 600 ms past that answer.
        try idle.send("GET /echo?again HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try idle.receive().text, "GET /echo?again")
        clock.advance(600)
        XCTAssertTrue(idle.isClosedByServer(), "closed for idleness")
    }

    func testNewcomersBeyondTheLimitGet503ThenAnOrderlyClose() throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1)
        configuration.maxConnections = 2
        let (server, port) = try server(configuration)
        // Two clients in the middle of their request heads: busy, not to be taken back.
        let first = try RawHTTPClient(port: port), second = try RawHTTPClient(port: port)
        try first.send("GET /echo HTTP/1.1\r\n")
        try second.send("GET /echo HTTP/1.1\r\n")
        XCTAssertTrue(waitUntil { server.openConnections == 2 })
        let third = try RawHTTPClient(port: port)
        try third.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        let refused = try third.receive()
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.header("Retry-After"), "1")
        XCTAssertEqual(refused.header("Connection"), "close")
        XCTAssertEqual(try third.readToEnd(), [], "end of stream after the 503, not a reset")
        XCTAssertEqual(server.statistics.refusedFull, 1)
        try first.send("Host: t\r\n\r\n")
        XCTAssertEqual(try first.receive().status, 200, "the admitted clients were not disturbed")
    }

    func testAnIdleConnectionMakesRoomForANewcomerAtTheLimit() throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1)
        configuration.maxConnections = 2
        let (server, port) = try server(configuration)
        let idle = try RawHTTPClient(port: port), busy = try RawHTTPClient(port: port)
        try idle.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try idle.receive().status, 200)
        try busy.send("GET /held HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertTrue(waitUntil(seconds: 30) { self.responder.requests.load(ordering: .relaxed) == 2 }, "the busy request arrived")
        let newcomer = try RawHTTPClient(port: port)
        try newcomer.send("GET /echo?new HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try newcomer.receive().text, "GET /echo?new")
        XCTAssertTrue(idle.isClosedByServer(), "the idle keep-alive connection was closed to make room")
        responder.release()
        XCTAssertEqual(try busy.receive().text, "GET /held", "the busy one was left alone")
        XCTAssertEqual(server.statistics.evicted, 1)
    }

    func testOneAddressCannotHoldMoreThanItsLimit() throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1)
        configuration.maxConnectionsPerClient = 2
        let (server, port) = try server(configuration)
        let held = try (0 ..< 2).map { _ in try RawHTTPClient(port: port, source: "127.0.0.7") }
        for client in held {
            try client.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try client.receive().status, 200)
        }
        let greedy = try RawHTTPClient(port: port, source: "127.0.0.7")
        try greedy.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try greedy.receive().status, 503)
        XCTAssertEqual(try greedy.readToEnd(), [])
        let other = try RawHTTPClient(port: port, source: "127.0.0.8")
        try other.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try other.receive().status, 200)
        XCTAssertEqual(server.statistics.refusedClientLimit, 1)
        // Held open to the end: an optimised build may otherwise close them after their last
        // use above, and the greedy client would find its address below the limit.
        withExtendedLifetime(held) {}
    }

    /// A trusted front holds as many connections as it needs (its clients all arrive from
    /// its address), and its `X-Forwarded-For` names each request's client; from any other
    /// peer the header is ignored and the per-client limit holds.
    func testATrustedFrontIsExemptFromThePerClientLimitAndNamesTheClient() throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1)
        configuration.maxConnectionsPerClient = 2
        configuration.trustedProxies = try XCTUnwrap(TrustedProxies(list: "127.0.0.9"))
        let (server, port) = try server(configuration)
        let front = try (0 ..< 5).map { _ in try RawHTTPClient(port: port, source: "127.0.0.9") }
        for (index, connection) in front.enumerated() {
            try connection.send("GET /origin HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 6.6.6.6, 198.51.100.\(index)\r\n\r\n")
            let response = try connection.receive()
            XCTAssertEqual(response.status, 200, "the front's connection \(index) is not limited")
            XCTAssertEqual(response.text, "198.51.100.\(index)", "the entry the front added names the client")
        }
        let stranger = try (0 ..< 2).map { _ in try RawHTTPClient(port: port, source: "127.0.0.10") }
        try stranger[0].send("GET /origin HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 198.51.100.77\r\n\r\n")
        XCTAssertEqual(try stranger[0].receive().text, "127.0.0.10", "an untrusted peer cannot name another client")
        let greedy = try RawHTTPClient(port: port, source: "127.0.0.10")
        try greedy.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try greedy.receive().status, 503, "the limit holds for everyone else")
        XCTAssertEqual(server.statistics.refusedClientLimit, 1)
        withExtendedLifetime((front, stranger)) {}
    }

    func testASilentSocketIsClosedAfterTheRequestTimeout() throws {
        let clock = ManualClock()
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1)
        configuration.requestTimeout = .milliseconds(300)
        configuration.idleTimeout = .seconds(120)
        let (server, port) = try server(configuration, clock: clock)
        let silent = try RawHTTPClient(port: port, timeout: 60)
        XCTAssertTrue(waitUntil { server.openConnections == 1 })
        // Before its time (a tick, 250 ms, on), a request on another connection is answered
        // and the silent one stays.
        clock.advance(250)
        let other = try RawHTTPClient(port: port)
        try other.send("GET /echo HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(try other.receive().status, 200)
        XCTAssertEqual(server.statistics.timedOut, 0)
        // Past 300 ms (far from the two-minute idle timeout) it is closed without a word.
        clock.advance(250)
        XCTAssertEqual(try silent.readToEnd(), [], "closed without a word")
        XCTAssertEqual(server.statistics.timedOut, 1)
    }

    func testAClientThatDoesNotReadIsNotReadEitherAndIsAnsweredInOrderOnceItDoes() throws {
        let (_, port) = try server()
        let client = try RawHTTPClient(port: port, timeout: 20)
        let count = 3000
        let requests = Array(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: count).utf8)
        let sender = Thread { try? client.send(requests) }
        sender.start()
        // Waits for the state, not a time: until the server has stopped reading (no request
        // parsed over 20 looks in a row), within a minute.
        var parsedWhileStalled = -1, unchanged = 0
        _ = waitUntil(every: 0.025) {
            let parsed = responder.requests.load(ordering: .relaxed)
            unchanged = parsed == parsedWhileStalled && parsed > 0 ? unchanged + 1 : 0
            parsedWhileStalled = parsed
            return unchanged >= 20
        }
        XCTAssertEqual(unchanged, 20, "the server never stopped reading")
        // What the kernel's socket buffers hold, plus the output bound: far from all of them.
        XCTAssertLessThan(parsedWhileStalled, 300, "the server kept reading a client that does not read")
        for index in 0 ..< count {
            let response = try client.receive()
            XCTAssertEqual(response.body.count, 100_000, "answer \(index)")
        }
        XCTAssertEqual(responder.requests.load(ordering: .relaxed), count)
    }

    func testAnAnswerStillBeingMadeIsCancelledWhenItsClientLeaves() throws {
        let (_, port) = try server()
        var client: RawHTTPClient? = try RawHTTPClient(port: port)
        try client?.send("GET /hang HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertTrue(waitUntil { self.responder.requests.load(ordering: .relaxed) == 1 })
        XCTAssertEqual(responder.cancelled.load(ordering: .relaxed), 0)
        client = nil
        XCTAssertTrue(waitUntil { self.responder.cancelled.load(ordering: .relaxed) == 1 }, "the work was told nobody waits")
    }

    func testUnknownMethodsGet501AndBareLineFeeds400() throws {
        let (_, port) = try server()
        let unknown = try RawHTTPClient(port: port)
        try unknown.send("BREW /pot HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try unknown.receive().status, 501)
        let bare = try RawHTTPClient(port: port)
        try bare.send("GET /echo HTTP/1.1\nHost: t\n\n")
        XCTAssertEqual(try bare.receive().status, 400)
        XCTAssertEqual(try bare.readToEnd(), [])
    }

    func testDrainFinishesResponsesInFlight() throws {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), responder: responder)
        let port = try server.start()
        let client = try RawHTTPClient(port: port)
        try client.send("GET /held HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertTrue(waitUntil(seconds: 30) { self.responder.requests.load(ordering: .relaxed) == 1 }, "the request arrived before the drain")
        server.shutdown()
        responder.release()
        let response = try client.receive()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Connection"), "close")
        server.wait()
        XCTAssertThrowsError(try RawHTTPClient(port: port), "the listener is closed")
    }
}
