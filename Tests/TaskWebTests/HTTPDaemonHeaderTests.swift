import Foundation
import Testing
import TaskCore
import TaskHTTPServer
import TaskToolkit
import TaskerTestSupport
@testable import TaskWeb
#if canImport(Glibc)
import Glibc
#endif

/// The web door behind the real libmicrohttpd daemon, spoken to byte by byte: a header the checks
/// read once (Host above all) sent twice is a 400, whatever the first one says.
@Suite struct HTTPDaemonHeaderTests {
    /// Sends `head` (the request line and headers, without the blank line) and returns the status.
    static func status(port: UInt16, _ head: String) throws -> Int? {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(rc == 0)
        let bytes = Array((head + "Connection: close\r\n\r\n").utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) : nil
    }

    @Test func aSecondHostHeaderIsABadRequest() throws {
        let base = try TestStore("web-hosts", now: Date(timeIntervalSince1970: 1_796_000_000), zone: TimeZone(identifier: "UTC")!)
        let door = WebDoor(toolkit: TaskToolkit(store: base.store))
        let daemon = try HTTPDaemon(address: "127.0.0.1", port: 0) { door.handle($0) }
        defer { daemon.stop() }
        door.port = daemon.port
        let port = daemon.port
        let valid = "Host: 127.0.0.1:\(port)\r\n"
        // One valid Host: the door answers (401: no session yet), so the request got past the Host check.
        #expect(try Self.status(port: port, "GET / HTTP/1.1\r\n" + valid) == 401)
        #expect(try Self.status(port: port, "GET / HTTP/1.1\r\nHost: evil.example\r\n") == 421)
        // A valid Host then another (or the other way round): refused before any check reads either.
        #expect(try Self.status(port: port, "GET / HTTP/1.1\r\n" + valid + "Host: evil.example\r\n") == 400)
        #expect(try Self.status(port: port, "GET / HTTP/1.1\r\nHost: evil.example\r\n" + valid) == 400)
        #expect(try Self.status(port: port, "GET / HTTP/1.1\r\n" + valid + "host: 127.0.0.1:\(port)\r\n") == 400)
        #expect(try Self.status(port: port, "POST /api/list_tasks HTTP/1.1\r\n" + valid + "Origin: http://127.0.0.1:\(port)\r\nOrigin: http://evil.example\r\n") == 400)
    }
}
