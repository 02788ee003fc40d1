import Foundation
import Testing

/// Frames and methods to the letter of RFC 6455 and RFC 9110, from a raw socket: a frame declared
/// far over `--max-message-bytes` (past `readToEndBytes`, 1 MiB) gets `tooLarge` and close 1009 at
/// once (not after its payload); one a little over is read to its end first, so its sender reads
/// both and the connection ends cleanly, not reset; a
/// malformed control frame or length closes 1002 with a close frame (not a dropped TCP connection);
/// any method but GET and HEAD gets 405 with Allow.
@Suite struct SecurityFrameTests {
    /// An open WebSocket to `server`, with its first frames' bytes still to send.
    static func open(_ server: ServerProcess) throws -> ServerRawSocket {
        let socket = try ServerRawSocket(port: server.port, timeout: 5)
        #expect(try socket.upgrade(path: "/").hasPrefix("HTTP/1.1 101"))
        return socket
    }

    @Test func aFrameDeclaredOverTheLimitGetsTooLargeAndClose1009AtOnce() throws {
        let server = try ServerProcess(arguments: ["--max-message-bytes", "65536"])
        let socket = try Self.open(server)
        // A text frame declaring 100 MB, and the first KB of it: the rest never comes.
        let length = 100_000_000
        socket.write([0x81, 0x80 | 127] + (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xFF) } + [1, 2, 3, 4]
                     + [UInt8](repeating: 0x61, count: 1024))
        let sent = Date()
        let (texts, code) = socket.readUntilClose()
        let waited = Date().timeIntervalSince(sent)
        print("oversized frame: close \(code.map(String.init) ?? "none") after \(Int(waited * 1000)) ms")
        #expect(texts.contains { $0.contains(#""code":"tooLarge""#) }, "\(texts)")
        #expect(code == 1009)
        #expect(waited < 2, "the close waited \(waited) s")
        #expect(ProcessProbe.eventually(timeout: 15) { socket.readToEnd().ended }, "the server never hung up")
        #expect(SecurityRefusalTests.anotherAddressCreatesARoom(server))
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    /// (what, the frame's bytes)
    static let malformed: [(String, [UInt8])] = [
        ("a ping of 126 bytes", ServerRawSocket.frame(opcode: 9, [UInt8](repeating: 0x70, count: 126))),
        ("a close with a 1-byte payload", ServerRawSocket.frame(opcode: 8, [0x03])),
        ("a 64-bit length with its top bit set", [0x81, 0x80 | 127, 0x80, 0, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 0x61, 0x62, 0x63, 0x64, 0x65]),
    ]

    @Test(arguments: malformed.map(\.0)) func malformedFramesClose1002WithACloseFrame(what: String) throws {
        let frame = try #require(Self.malformed.first { $0.0 == what }?.1)
        let server = try ServerProcess()
        let socket = try Self.open(server)
        socket.sendText(#"{"type":"ping","t":1}"#)   // a good frame first: it is still served
        socket.write(frame)
        let (texts, code) = socket.readUntilClose()
        #expect(texts.contains { $0.contains(#""type":"pong""#) }, "\(what): \(texts)")
        #expect(code == 1002, "\(what): \(socket.endReason)")
        #expect(SecurityRefusalTests.anotherAddressCreatesARoom(server))
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    /// A client sending a message a little over the limit (a host's deck too large for one message)
    /// is still sending when the server finds out: the server reads the rest before it closes, so
    /// the client reads `tooLarge`, then 1009, then the end of the stream (not a reset, which would
    /// throw both away: `swipe` then said "connection dropped" instead of the server's reason).
    @Test func aFrameALittleOverTheLimitIsReadToItsEndSoItsSenderHearsWhy() throws {
        let server = try ServerProcess(arguments: ["--max-message-bytes", "65536"])
        let socket = try Self.open(server)
        let payload = [UInt8](#"{"type":"ping","t":1,"pad":""#.utf8) + [UInt8](repeating: 0x61, count: 100_000) + [UInt8](#""}"#.utf8)
        let frame = ServerRawSocket.frame(opcode: 1, payload)
        socket.write(Array(frame.prefix(70_000)))
        let first = socket.readFrame()
        #expect(first.map { String(decoding: $0.payload, as: UTF8.self) }?.contains(#""code":"tooLarge""#) == true, "\(socket.endReason)")
        // The close waits for the rest of the frame (it came at once before: the sender, still
        // sending, was reset and lost both).
        #expect(!socket.sendsWithin(milliseconds: 500), "the server closed before the frame's end")
        socket.write(Array(frame.dropFirst(70_000)))
        let (_, code) = socket.readUntilClose()
        #expect(code == 1009, "\(socket.endReason)")
        let end = socket.readToEnd()
        #expect(end.ended, "the connection was reset, not closed: \(socket.endReason)")
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    @Test(arguments: ["TRACE / HTTP/1.1", "CONNECT 127.0.0.1:22 HTTP/1.1", "BREW /pot HTTP/1.1", "POST /healthz HTTP/1.1",
                      "DELETE /rooms/AAAA-AAAA-AA/results.json HTTP/1.1"])
    func methodsOtherThanGetAndHeadGet405(requestLine: String) throws {
        let server = try ServerProcess()
        let method = String(requestLine.prefix { $0 != " " })
        let answer = try SecurityRefusalTests.answer(server, requestLine + "\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        #expect(answer.status == "HTTP/1.1 405 Method Not Allowed", "\(method)")
        #expect(answer.headers == SecurityRefusalTests.refusalHeaders(answer.body, ["Allow: GET, HEAD"]), "\(method)")
        #expect(SecurityRefusalTests.json(answer.body) == ["code": "notAllowed", "message": "method \(method) is not allowed here; use GET or HEAD"])
        #expect(answer.ended)
        #expect(SecurityRefusalTests.anotherAddressCreatesARoom(server))
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }
}
