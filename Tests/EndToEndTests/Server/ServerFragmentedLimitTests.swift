import Foundation
import Testing

/// A message over the size limit that arrives in many fragments, sent the way a standard client
/// library sends a large message: fragments written while another thread reads, answering the
/// server's close at once. The client must read the `tooLarge` error and the 1009 close, not a
/// connection reset (1006) while it is still sending.
@Suite(.serialized) struct ServerFragmentedLimitTests {
    @Test(arguments: [(4096, 70 * 1024), (16_384, 300 * 1024), (4096, 2 * 1024 * 1024)])
    func aFragmentedMessageOverTheLimitGetsTheErrorAndClose1009(fragmentBytes: Int, total: Int) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let socket = try ServerRawSocket(port: server.port)
        _ = try socket.upgrade(path: "/")
        let text = Array(#"{"type":"ping","t":1,"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: total) + Array(#""}"#.utf8)
        let reader = ConcurrentReader(socket)
        reader.start()
        var offset = 0
        var first = true
        while offset < text.count {
            let end = min(offset + fragmentBytes, text.count)
            socket.sendFrame(opcode: first ? 1 : 0, Array(text[offset..<end]), final: end == text.count)
            first = false
            offset = end
        }
        let answer = reader.waitForClose(timeout: 15)
        #expect(answer.texts.contains { $0.contains("\"code\":\"tooLarge\"") }, "read \(answer.texts), then \(socket.endReason)")
        #expect(answer.closeCode == 1009, "then \(socket.endReason)")
        // The server is fine: a fresh connection gets its pong.
        let fresh = try ServerRawSocket(port: server.port)
        _ = try fresh.upgrade(path: "/")
        fresh.sendText(#"{"type":"ping","t":7}"#)
        #expect(fresh.readFrame().map { String(decoding: $0.payload, as: UTF8.self).contains("\"pong\"") } == true)
    }
}

extension ServerFragmentedLimitTests {
    /// The root of the 1006: a server that closes as soon as the limit is passed hangs up on a
    /// client that is still sending. Here the client passes the limit, reads the error, and pings
    /// mid-message: the server is still reading (pong), and only closes 1009 once the message's
    /// last fragment has arrived.
    @Test func theCloseWaitsForTheOversizeMessagesLastFragment() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let socket = try ServerRawSocket(port: server.port)
        _ = try socket.upgrade(path: "/")
        let fragment = Array(repeating: UInt8(ascii: "x"), count: 4096)
        socket.sendFrame(opcode: 1, Array(#"{"type":"ping","pad":""#.utf8) + fragment, final: false)
        for _ in 0..<16 { socket.sendFrame(opcode: 0, fragment, final: false) }   // 68 KB: past the 64 KiB limit
        let error = socket.readFrame()
        #expect(error.map { String(decoding: $0.payload, as: UTF8.self).contains("\"tooLarge\"") } == true)
        socket.sendFrame(opcode: 9, Array("still sending".utf8))
        let next = socket.readFrame()
        #expect(next?.opcode == 10, "expected a pong while the message is still arriving, got opcode \(next?.opcode ?? 0)")
        socket.sendFrame(opcode: 0, Array(#""}"#.utf8), final: true)
        #expect(socket.readUntilClose().closeCode == 1009)
    }
}

/// Reads frames on its own thread while the test thread writes, and answers a close frame with a
/// close frame at once, as client libraries do.
final class ConcurrentReader: @unchecked Sendable {
    private let socket: ServerRawSocket
    private let done = DispatchSemaphore(value: 0)
    private var texts: [String] = []
    private var closeCode: Int?

    init(_ socket: ServerRawSocket) { self.socket = socket }

    func start() {
        Thread {
            while let frame = self.socket.readFrame() {
                if frame.opcode == 1 { self.texts.append(String(decoding: frame.payload, as: UTF8.self)) }
                if frame.opcode == 8 {
                    self.closeCode = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : nil
                    self.socket.sendFrame(opcode: 8, Array(frame.payload.prefix(2)))
                    break
                }
            }
            self.done.signal()
        }.start()
    }

    /// What was read before the close (waits at most `timeout` seconds for the reader to stop).
    func waitForClose(timeout: Double) -> (texts: [String], closeCode: Int?) {
        _ = done.wait(timeout: .now() + timeout)
        return (texts, closeCode)
    }
}
