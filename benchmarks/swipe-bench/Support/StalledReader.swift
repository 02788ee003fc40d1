// Shell: a WebSocket member that joins a room and then never reads again, to check that one slow
// client cannot hurt the others. Main thread only; blocking POSIX socket.
import Foundation
import SwipeClient
import SwipeProtocol

/// Joins `room` as a spectator over a raw socket with a tiny receive buffer, then stops reading.
///
/// ```swift
/// let stalled = try StalledReader(url: url, room: "ABCDE")
/// // … run the load …
/// let outcome = stalled.finish()   // was it disconnected by the server? how much did it hold?
/// ```
final class StalledReader {
    private let fd: Int32

    struct Outcome: Codable, Equatable {
        var closed_by_server: Bool
        var bytes_left_unread: Int
    }

    init(url: WebSocketURL, room: RoomCode) throws {
        let host = url.host == "localhost" ? "127.0.0.1" : url.host
        guard let fd = RawSocket.connect(host: host, port: url.port, receiveBuffer: 4096) else {
            throw BenchError.system("stalled reader: could not connect to \(url)")
        }
        self.fd = fd
        let request = "GET \(url.path) HTTP/1.1\r\nHost: \(host):\(url.port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: c3dpcGVkZWNrLWJlbmNoMQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: \(ProtocolVersion.subprotocol)\r\n\r\n"
        guard RawSocket.writeAll(fd, Array(request.utf8)) else { throw BenchError.system("stalled reader: handshake write failed") }
        var response: [UInt8] = []
        var byte: UInt8 = 0
        while !response.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard read(fd, &byte, 1) == 1 else { throw BenchError.system("stalled reader: handshake refused") }
            response.append(byte)
            if response.count > 8192 { throw BenchError.system("stalled reader: handshake response too long") }
        }
        guard String(decoding: response.prefix(12), as: UTF8.self).contains("101") else {
            throw BenchError.system("stalled reader: server answered \(String(decoding: response.prefix(40), as: UTF8.self))")
        }
        let join = try WireCodec.encode(ClientMessage.join(JoinRoom(room: room, name: "stalled", role: .spectator)))
        guard RawSocket.writeAll(fd, Self.maskedTextFrame(join)) else { throw BenchError.system("stalled reader: join write failed") }
    }

    /// Reads whatever is buffered (without blocking) and reports whether the server hung up.
    func finish() -> Outcome {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        var closed = false
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n > 0 { total += n; continue }
            if n == 0 || errno != EAGAIN { closed = true }
            break
        }
        close(fd)
        return Outcome(closed_by_server: closed, bytes_left_unread: total)
    }

    static func maskedTextFrame(_ payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame.append(0x80 | 126)
            frame.append(UInt8(payload.count >> 8 & 0xFF))
            frame.append(UInt8(payload.count & 0xFF))
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }
}
