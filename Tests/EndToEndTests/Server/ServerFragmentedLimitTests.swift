import Foundation
import Testing

/// A message over the size limit that arrives in many fragments, as a standard client sends a
/// large message: the client must read the `tooLarge` error and the 1009 close, not a dropped
/// connection (1006) while it is still sending.
@Suite(.serialized) struct ServerFragmentedLimitTests {
    @Test(arguments: [(4096, 70 * 1024), (16_384, 70 * 1024), (4096, 1024 * 1024)])
    func aFragmentedMessageOverTheLimitGetsTheErrorAndClose1009(fragmentBytes: Int, total: Int) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let socket = try ServerRawSocket(port: server.port)
        _ = try socket.upgrade(path: "/")
        let text = Array(#"{"type":"ping","t":1,"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: total) + Array(#""}"#.utf8)
        var offset = 0
        var first = true
        while offset < text.count {   // every fragment sent before reading anything
            let end = min(offset + fragmentBytes, text.count)
            socket.sendFrame(opcode: first ? 1 : 0, Array(text[offset..<end]), final: end == text.count)
            first = false
            offset = end
        }
        let answer = socket.readUntilClose()
        #expect(answer.texts.contains { $0.contains("\"code\":\"tooLarge\"") }, "read \(answer.texts), then \(socket.endReason)")
        #expect(answer.closeCode == 1009, "then \(socket.endReason)")
        // The server is fine: a fresh connection gets its pong.
        let fresh = try ServerRawSocket(port: server.port)
        _ = try fresh.upgrade(path: "/")
        fresh.sendText(#"{"type":"ping","t":7}"#)
        #expect(fresh.readFrame().map { String(decoding: $0.payload, as: UTF8.self).contains("\"pong\"") } == true)
    }
}
