import Foundation
@testable import HTTPServer
import TestSupport
import XCTest

/// Answers `/echo` with the target, `/slow` after 300 ms (from another thread).
private struct EchoResponder: HTTPResponder {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        let response = HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain")]),
                                    body: Array("\(request.method) \(request.target)".utf8))
        if request.path == "/slow" {
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { reply(response) }
        } else {
            reply(response)
        }
    }
}

final class HTTPServerTests: XCTestCase {
    private func server(_ configuration: HTTPServerConfiguration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)) throws -> (HTTPServer, Int) {
        let server = HTTPServer(configuration: configuration, responder: EchoResponder())
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
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.requestTimeout = 400
        configuration.idleTimeout = 600
        let (_, port) = try server(configuration)
        let slow = try RawHTTPClient(port: port)
        try slow.send("GET /echo HTTP/1.1\r\nHo")
        let response = try slow.receive()
        XCTAssertEqual(response.status, 408)
        XCTAssertTrue(slow.isClosedByServer())
        let idle = try RawHTTPClient(port: port)
        try idle.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try idle.receive().status, 200)
        let started = Date()
        XCTAssertTrue(idle.isClosedByServer())
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.3)
    }

    func testConnectionsBeyondTheLimitGet503() throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, eventLoops: 1)
        configuration.maxConnections = 2
        let (_, port) = try server(configuration)
        let first = try RawHTTPClient(port: port), second = try RawHTTPClient(port: port)
        for client in [first, second] {
            try client.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try client.receive().status, 200)
        }
        let third = try RawHTTPClient(port: port)
        let refused = try third.receive()
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.header("Retry-After"), "1")
    }

    func testDrainFinishesResponsesInFlight() throws {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), responder: EchoResponder())
        let port = try server.start()
        let client = try RawHTTPClient(port: port)
        try client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.05)
        server.shutdown()
        let response = try client.receive()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Connection"), "close")
        server.wait()
        XCTAssertThrowsError(try RawHTTPClient(port: port), "the listener is closed")
    }
}
