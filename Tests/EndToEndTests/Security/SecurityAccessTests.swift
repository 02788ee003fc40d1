import Foundation
import Testing
import SwipeProtocol

/// Access control against the real binary: room-code guessing is rate-limited per address, the
/// --origin allow-list refuses other browser origins with 403, and the host's commands need the host.
@Suite struct SecurityAccessTests {
    static func upgrade(_ socket: ServerRawSocket, origin: String?) -> String {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let originLine = origin.map { "Origin: \($0)\r\n" } ?? ""
        socket.write(Array(("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\(originLine)\r\n").utf8))
        return socket.readHTTP()?.head ?? ""
    }

    static func nextText(_ socket: ServerRawSocket) -> String? {
        while let frame = socket.readFrame() {
            if frame.opcode == 1 { return String(decoding: frame.payload, as: UTF8.self) }
            if frame.opcode == 8 { return nil }
        }
        return nil
    }

    @Test func guessingRoomCodesIsRateLimitedPerAddress() throws {
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "3"])
        let guesser = try ServerRawSocket(port: server.port)
        _ = try guesser.upgrade(path: "/")
        var codes: [String] = []
        for guess in ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC", "DDDD-DDDD-DD", "EEEE-EEEE-EE"] {
            guesser.sendText(#"{"type":"join","room":"\#(guess)","name":"Mallory"}"#)
            let reply = Self.nextText(guesser) ?? ""
            codes.append(reply.contains("\"rateLimited\"") ? "rateLimited" : reply.contains("\"unknownRoom\"") ? "unknownRoom" : reply)
        }
        #expect(codes == ["unknownRoom", "unknownRoom", "unknownRoom", "rateLimited", "rateLimited"])
        // A fresh connection from the same address is still limited: the count is per address.
        let again = try ServerRawSocket(port: server.port)
        _ = try again.upgrade(path: "/")
        again.sendText(#"{"type":"join","room":"FFFF-FFFF-FF","name":"Mallory"}"#)
        let reply = Self.nextText(again) ?? ""
        #expect(reply.contains("\"rateLimited\"") && reply.contains("failed joins"))
        #expect(server.terminate() == 0)
    }

    @Test func anOriginOutsideTheAllowListGets403() throws {
        let server = try ServerProcess(arguments: ["--origin", "https://swipe.example"])
        let evil = try ServerRawSocket(port: server.port)
        #expect(Self.upgrade(evil, origin: "https://evil.example").contains(" 403"))
        let good = try ServerRawSocket(port: server.port)
        #expect(Self.upgrade(good, origin: "https://swipe.example").contains(" 101"))
        let terminal = try ServerRawSocket(port: server.port)
        #expect(Self.upgrade(terminal, origin: nil).contains(" 101"))
        #expect(server.terminate() == 0)
    }

    @Test func hostCommandsNeedTheHost() throws {
        let server = try ServerProcess()
        let room = try RawRoom.create(on: server)
        let (ann, code) = (room.host, room.code)
        let bo = try ServerRawSocket(port: server.port)
        _ = try bo.upgrade(path: "/")
        bo.sendText(#"{"type":"join","room":"\#(code)","name":"Bo","role":"host"}"#)
        #expect(Self.nextText(bo)?.contains("\"notAllowed\"") == true)
        bo.sendText(#"{"type":"join","room":"\#(code)","name":"Bo"}"#)
        #expect(Self.nextText(bo)?.contains("\"welcome\"") == true)
        for command in ["start", "close", "kick", "reveal", "skip", "export"] {
            bo.sendText(#"{"type":"host","command":"\#(command)","member":"m1"}"#)
            var error = ""
            while let text = Self.nextText(bo) {
                if text.contains("\"error\"") { error = text; break }
            }
            #expect(error.contains("\"notHost\""), "host \(command) by a member: \(error)")
        }
        ann.sendText(#"{"type":"results"}"#)
        var annStillIn = false
        while let text = Self.nextText(ann) {
            if text.contains("\"results\"") { annStillIn = true; break }
        }
        #expect(annStillIn)   // nothing Bo sent closed the room or kicked Ann
        #expect(server.terminate() == 0)
    }
}
