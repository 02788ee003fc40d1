import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately minimal RFC 6455 client over a POSIX socket, for what a well-behaved client
/// library will not do: ask for no subprotocol on an arbitrary path, send binary frames, send
/// oversized messages, and read the raw close frame. Also does plain HTTP GETs.
final class ServerRawSocket {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Why the last read stopped (for test diagnostics).
    private(set) var endReason = ""

    /// Opens a TCP connection to 127.0.0.1:`port` with a receive timeout; `source`: the local
    /// address to connect from (e.g. "127.0.0.2", another client address on the loopback).
    init(port: Int, timeout: Double = 5, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw Failure(description: "bind to \(source) failed")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw Failure(description: "connect to port \(port) failed")
        }
    }

    deinit { close(fd) }

    /// Ends the TCP connection at once, without a WebSocket close frame (as a crash or a pulled
    /// cable would, seen from the server once the FIN arrives).
    func hangUp() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// This end's TCP port (to find the connection in /proc/net/tcp).
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return result == 0 ? Int(UInt16(bigEndian: address.sin_port)) : 0
    }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads more bytes into the buffer; false on timeout or end of stream.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var count = -1
        repeat {   // a signal (e.g. SIGCHLD from another test's Process) interrupts recv: retry
            count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        } while count < 0 && errno == EINTR
        if count <= 0 {
            endReason = count == 0 ? "end of stream" : "recv failed: errno \(errno)"
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func take(_ count: Int) -> [UInt8]? {
        while buffer.count < count { if !fill() { return nil } }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Whether the server sent anything (or ended the stream) within `milliseconds`, past what is
    /// already read: a bounded wait for something that must not come yet, not a sleep.
    func sendsWithin(milliseconds: Int32) -> Bool {
        if !buffer.isEmpty { return true }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0
    }

    /// Everything the server sends until it ends the stream (or the receive timeout); `ended`
    /// tells which.
    func readToEnd() -> (bytes: [UInt8], ended: Bool) {
        while fill() {}
        let bytes = buffer
        buffer = []
        return (bytes, endReason == "end of stream")
    }

    /// Reads an HTTP response head (and, with Content-Length, the body, unless `withBody` is false:
    /// the answer to a HEAD has none).
    func readHTTP(withBody: Bool = true) -> (head: String, body: String)? {
        readHTTPBytes(withBody: withBody).map { ($0.head, String(decoding: $0.body, as: UTF8.self)) }
    }

    /// One HTTP response with its body as bytes (length from Content-Length; none for a 304 or HEAD).
    func readHTTPBytes(withBody: Bool = true) -> (head: String, body: [UInt8])? {
        while true {
            if let range = findHeadEnd() {
                let head = String(decoding: buffer[0..<range], as: UTF8.self)
                buffer.removeFirst(range + 4)
                var length = 0
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
                }
                guard withBody, !head.hasPrefix("HTTP/1.1 304"), let body = take(length) else { return (head, []) }
                return (head, body)
            }
            if !fill() { return nil }
        }
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// The WebSocket opening handshake, with no subprotocol; returns the response head.
    func upgrade(path: String, extraHeaders: String = "") throws -> String {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        write(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\(extraHeaders)\r\n".utf8))
        guard let response = readHTTP() else { throw Failure(description: "no handshake response") }
        return response.head
    }

    /// Sends one frame, masked as RFC 6455 requires of a client unless `masked` is false.
    func sendFrame(opcode: UInt8, _ payload: [UInt8], final: Bool = true, masked: Bool = true) {
        write(Self.frame(opcode: opcode, payload, final: final, masked: masked))
    }

    /// The bytes of one client frame.
    static func frame(opcode: UInt8, _ payload: [UInt8], final: Bool = true, masked: Bool = true) -> [UInt8] {
        let maskBit: UInt8 = masked ? 0x80 : 0
        var frame: [UInt8] = [(final ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            frame.append(maskBit | UInt8(payload.count))
        } else if payload.count < 65536 {
            frame.append(maskBit | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(maskBit | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return frame + payload }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    func sendText(_ text: String) { sendFrame(opcode: 1, Array(text.utf8)) }

    /// Reads the next frame: opcode and payload (nil on timeout or end of stream).
    func readFrame() -> (opcode: UInt8, payload: [UInt8])? {
        guard let head = take(2) else { return nil }
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            guard let ext = take(2) else { return nil }
            length = Int(ext[0]) << 8 | Int(ext[1])
        } else if length == 127 {
            guard let ext = take(8) else { return nil }
            length = ext.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let payload = take(length) else { return nil }
        return (head[0] & 0x0F, payload)
    }

    /// Reads frames until a close frame; returns the text messages before it and the close code.
    func readUntilClose() -> (texts: [String], closeCode: Int?) {
        var texts: [String] = []
        while let frame = readFrame() {
            switch frame.opcode {
            case 1: texts.append(String(decoding: frame.payload, as: UTF8.self))
            case 8:
                let code = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : nil
                return (texts, code)
            default: continue
            }
        }
        return (texts, nil)
    }

    /// A plain HTTP GET on a fresh connection.
    static func get(port: Int, path: String) throws -> (status: Int, body: String) {
        let socket = try ServerRawSocket(port: port)
        socket.write(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        guard let response = socket.readHTTP() else { throw Failure(description: "no HTTP response for \(path)") }
        let status = Int(response.head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, response.body)
    }
}
