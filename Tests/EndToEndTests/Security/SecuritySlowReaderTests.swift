import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Flow control: a reader that stops reading fills its bounded send queue and is closed 1008;
/// everyone else keeps being served.
@Suite struct SecuritySlowReaderTests {
    @Test func aStalledReaderIsClosed1008AndOthersCarryOn() throws {
        let server = try ServerProcess(arguments: ["--send-queue", "8", "--max-messages-per-second", "2000", "--message-burst", "4000", "--results-per-second", "1000"])
        guard let (ann, welcome) = try LargeRoom.open(on: server, count: 200, titleLength: 187) else {
            Issue.record("no welcome")
            return
        }
        // The slow reader joins, then asks for the (large) results 400 times without reading a byte.
        let slow = try ServerRawSocket(port: server.port, timeout: 10)
        _ = try slow.upgrade(path: "/")
        slow.sendText(#"{"type":"join","room":"\#(welcome.room.code)","name":"Slow"}"#)
        for _ in 0..<400 { slow.sendText(#"{"type":"results"}"#) }
        // Ann is served meanwhile.
        ann.send(.ping(Ping(t: 7)))
        #expect(ann.receive(until: { $0.type == "pong" }, timeout: 10) != nil)
        // When the slow reader finally reads: part of what it asked for, then a 1008 close.
        let (texts, closeCode) = slow.readUntilClose()
        #expect(closeCode == 1008)
        #expect(texts.filter { $0.contains("\"results\"") }.count < 400)
        ann.send(.ping(Ping(t: 8)))
        #expect(ann.receive(until: { $0.type == "pong" }, timeout: 10) != nil)
        #expect(server.terminate() == 0)
    }
}
