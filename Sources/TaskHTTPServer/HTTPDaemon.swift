import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd (the only file that uses it): a thread per connection under
/// a connection limit and an idle timeout, the body capped, every complete request handed to
/// `handler` as one value.
public final class HTTPDaemon: @unchecked Sendable {
    public struct Limits: Sendable {
        /// Largest body accepted; a bigger one is answered 413 and discarded.
        public var maxBody = 1 << 20
        /// Connections served at once; more are closed on accept.
        public var connections: UInt32 = 64
        /// Seconds a connection may stay silent (headers that never end, a body that stalls).
        public var timeoutSeconds: UInt32 = 10
        public init() {}
    }

    /// The port bound (useful with 0).
    public let port: UInt16
    let limits: Limits
    let handler: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    private var daemon: OpaquePointer?
    private let socket: Int32

    /// Headers read for each request (the two doors need no others).
    static let headerNames = ["host", "origin", "authorization", "content-type", "accept", "mcp-session-id", "mcp-protocol-version", "mcp-method", "mcp-name",
                              "cookie", "x-tasker-csrf",
                              "content-length"]

    /// Binds `address` (IPv4 dotted) and `port` (0: any free port) and starts serving.
    /// - Throws: `HTTPDaemonError` when the address cannot be bound or the daemon does not start.
    public init(address: String, port: UInt16, limits: Limits = Limits(), handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) throws {
        self.limits = limits
        self.handler = handler
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPDaemonError.bind("cannot create a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        guard inet_pton(AF_INET, address, &addr.sin_addr) == 1 else {
            close(fd)
            throw HTTPDaemonError.bind("'\(address)' is not an IPv4 address such as 127.0.0.1")
        }
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw HTTPDaemonError.bind("cannot listen on \(address):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        self.port = UInt16(bigEndian: actual.sin_port)
        self.socket = fd

        let context = Unmanaged.passUnretained(self).toOpaque()
        let completed: MHD_RequestCompletedCallback = { _, _, state, _ in
            if let state, let box = state.pointee {
                Unmanaged<Upload>.fromOpaque(box).release()
                state.pointee = nil
            }
        }
        let flags = UInt32(MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue)
        let options: [CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, fd,
            MHD_OPTION.CONNECTION_LIMIT.rawValue, limits.connections,
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, limits.timeoutSeconds,
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, Int(bitPattern: unsafeBitCast(completed, to: UnsafeRawPointer.self)), Int(0),
            MHD_OPTION.END.rawValue,
        ]
        daemon = withVaList(options) { list in
            MHD_start_daemon_va(flags, 0, nil, nil, HTTPDaemon.access, context, list)
        }
        guard daemon != nil else {
            close(fd)
            throw HTTPDaemonError.start
        }
    }

    /// Stops serving and closes the socket.
    public func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
        close(socket)
    }

    deinit { stop() }

    /// The body so far of one request, kept between the handler's calls.
    final class Upload {
        var body: [UInt8] = []
        var tooLarge = false
    }

    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, state in
        guard let cls, let connection, let state, let uploadSize else { return .NO }
        let daemon = Unmanaged<HTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
        if state.pointee == nil {
            let upload = Upload()
            state.pointee = Unmanaged.passRetained(upload).toOpaque()
            if let length = header(connection, "content-length").flatMap(Int.init), length > daemon.limits.maxBody {
                upload.tooLarge = true
                return queue(connection, daemon.tooLarge())
            }
            return .YES
        }
        let upload = Unmanaged<Upload>.fromOpaque(state.pointee!).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if !upload.tooLarge, let uploadData {
                if upload.body.count + uploadSize.pointee > daemon.limits.maxBody {
                    upload.tooLarge = true
                    upload.body = []
                } else {
                    uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                        upload.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0
            return .YES
        }
        if upload.tooLarge { return queue(connection, daemon.tooLarge()) }
        if let name = repeatedHeader(connection) {
            return queue(connection, HTTPServerResponse(status: 400, headers: [("Content-Type", "text/plain"), ("Connection", "close")],
                                                  body: Array("the request has two \(name) headers; send one\n".utf8)))
        }
        var headers: [String: String] = [:]
        for name in headerNames { headers[name] = header(connection, name) }
        let request = HTTPServerRequest(method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "",
                                  headers: headers, body: upload.body)
        return queue(connection, daemon.handler(request))
    }

    /// Headers a request may carry once: the doors read only the first of each (libmicrohttpd's
    /// lookup), so a second one (a valid Host, then another) must not slip past the check.
    static let singleHeaders: Set<String> = ["host", "origin", "authorization", "cookie", "x-tasker-csrf", "content-length",
                                             "content-type", "mcp-session-id", "mcp-protocol-version"]

    /// The first header of `singleHeaders` the request carries more than once, as the client spelled it.
    static func repeatedHeader(_ connection: OpaquePointer) -> String? {
        final class Count { var seen: [String: Int] = [:]; var repeated: String? }
        let count = Count()
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, _ in
            guard let cls, let key else { return .YES }
            let count = Unmanaged<Count>.fromOpaque(cls).takeUnretainedValue()
            let name = String(cString: key)
            let lower = name.lowercased()
            guard HTTPDaemon.singleHeaders.contains(lower) else { return .YES }
            count.seen[lower, default: 0] += 1
            if count.seen[lower]! > 1, count.repeated == nil { count.repeated = name }
            return .YES
        }, Unmanaged.passUnretained(count).toOpaque())
        return withExtendedLifetime(count) { count.repeated }
    }

    func tooLarge() -> HTTPServerResponse {
        HTTPServerResponse(status: 413, headers: [("Content-Type", "text/plain"), ("Connection", "close")],
                     body: Array("the body is larger than \(limits.maxBody) bytes\n".utf8))
    }

    static func header(_ connection: OpaquePointer, _ name: String) -> String? {
        guard let value = MHD_lookup_connection_value(connection, .HEADER_KIND, name) else { return nil }
        return String(validatingCString: value)
    }

    static func queue(_ connection: OpaquePointer, _ response: HTTPServerResponse) -> MHD_Result {
        var body = response.body
        let made = body.withUnsafeMutableBytes { MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY) }
        guard let made else { return .NO }
        for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
        let result = MHD_queue_response(connection, UInt32(response.status), made)
        MHD_destroy_response(made)
        return result
    }
}

public enum HTTPDaemonError: Error, CustomStringConvertible {
    case bind(String)
    case start

    public var description: String {
        switch self {
        case .bind(let reason): return reason
        case .start: return "libmicrohttpd did not start; is the port free?"
        }
    }
}
