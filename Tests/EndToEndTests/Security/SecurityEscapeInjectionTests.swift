import Foundation
import Testing
import SwipeCore
import SwipeProtocol

/// Names and card texts carrying terminal escapes never reach another client raw: the server's
/// frames (read byte for byte, no compression) hold no ESC, BEL or C1 control, not even JSON-escaped.
@Suite struct SecurityEscapeInjectionTests {
    static let evilName = "\u{1B}[2J\u{1B}]0;pwn\u{7}Eve"
    static let evilTitle = "\u{1B}[31mRed\u{9B}2J\u{1B}]8;;http://x\u{7}Link"

    /// Text frames until one whose text contains `marker` (bounded by the socket's read timeout).
    static func frames(_ socket: ServerRawSocket, until marker: String) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        while let frame = socket.readFrame() {
            if frame.opcode == 1 { frames.append(frame.payload) }
            if String(decoding: frame.payload, as: UTF8.self).contains(marker) { break }
        }
        return frames
    }

    /// Raw control bytes, C1 controls (UTF-8 C2 80…9F) and their JSON escapes.
    static func controls(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        for (index, byte) in bytes.enumerated() {
            if byte == 0x1B || byte == 0x07 || (byte < 0x20 && byte != 0x0A) { found.append("byte \(byte) at \(index)") }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { found.append("C1 at \(index)") }
        }
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        for escape in ["\\u001b", "\\u0007", "\\u009b", "\\u0090", "\\u009d"] where text.contains(escape) { found.append(escape) }
        return found
    }

    @Test func escapesInNamesAndCardsNeverReachAnotherClient() throws {
        let server = try ServerProcess()
        let ann = try ServerRawSocket(port: server.port)
        _ = try ann.upgrade(path: "/")
        let create = CreateRoom(name: "Ann", cards: [Card(id: "red", title: Self.evilTitle, body: "line\u{1B}[8mhidden", tags: ["\u{1B}[5mtag"])],
                                pacing: .free)
        ann.sendFrame(opcode: 1, try WireCodec.encode(ClientMessage.create(create)))
        let annWelcome = Self.frames(ann, until: "\"welcome\"")
        let text = String(decoding: annWelcome.last ?? [], as: UTF8.self)
        guard case let .welcome(welcome)? = try? WireCodec.decodeServer(Array(text.utf8)).get() else {
            Issue.record("no welcome: \(text)")
            return
        }
        let eve = try ServerRawSocket(port: server.port)
        _ = try eve.upgrade(path: "/")
        eve.sendFrame(opcode: 1, try WireCodec.encode(ClientMessage.join(JoinRoom(room: welcome.room.code, name: Self.evilName))))
        let eveFrames = Self.frames(eve, until: "\"welcome\"")
        let annSeesEve = Self.frames(ann, until: "\"memberJoined\"")
        eve.sendText(#"{"type":"results"}"#)
        ann.sendText(#"{"type":"host","command":"export"}"#)
        let results = Self.frames(eve, until: "\"results\"") + Self.frames(ann, until: "\"results\"")
        let all = annWelcome + eveFrames + annSeesEve + results
        #expect(all.count >= 5)
        for frame in all {
            #expect(Self.controls(in: frame).isEmpty, "\(String(decoding: frame, as: UTF8.self))")
        }
        let joined = String(decoding: annSeesEve.last ?? [], as: UTF8.self)
        #expect(joined.contains("\"name\":\"Eve\"") || joined.contains("Eve"))
        #expect(String(decoding: annWelcome.last ?? [], as: UTF8.self).contains("Link"))
        #expect(server.terminate() == 0)
    }
}
