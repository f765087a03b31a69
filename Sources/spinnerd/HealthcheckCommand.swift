#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import SpinnerService

/// `spinnerd healthcheck [--port N]`: exits 0 when `GET /healthz` on 127.0.0.1 answers 200
/// within 3 seconds (for the container's HEALTHCHECK). The port is read as `serve` reads it
/// (`--port`, else `PORT`, else `serve`'s default), by the same setting: a value `serve`
/// would refuse is refused here too (exit 2).
enum HealthcheckCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let environment = ProcessInfo.processInfo.environment.filter { $0.key == "PORT" }
        let port: Int
        switch ServeOptions.parse(arguments, environment: environment) {
        case .success(let settings) where arguments.allSatisfy({ $0 == "--port" || $0.hasPrefix("--port=") || Int($0) != nil }):
            port = settings.port
        case .success:
            Console.error("spinnerd healthcheck: it takes --port N only\n" + Usage.hint)
            return 2
        case .failure(let error):
            Console.error("spinnerd healthcheck: \(error.message)\n" + Usage.hint)
            return 2
        }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return 1 }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Console.error("spinnerd healthcheck: cannot connect to port \(port)")
            return 1
        }
        let request = Array("GET \(ServicePaths.health) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return 1 }
        var response = [UInt8](repeating: 0, count: 64)
        let count = response.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 12 else { return 1 }
        let status = String(decoding: response[9..<12], as: UTF8.self)
        guard status == "200" else {
            Console.error("spinnerd healthcheck: \(ServicePaths.health) answered \(status)")
            return 1
        }
        return 0
    }
}
