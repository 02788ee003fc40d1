import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Readers that ask for large results and never read cannot grow the server without bound: the
/// `results` rate per connection, each connection's queue in bytes and the server's total bound it,
/// and the memory goes back when they are gone.
@Suite(.serialized) struct SecurityMemoryTests {
    /// Bytes in MiB of RSS the server may grow while stalled readers hammer it (generous: before the
    /// fix it grew by ~180 MiB here), and may stay above its baseline after they are gone.
    static let growthCeilingMiB = 64
    static let afterCloseMiB = 24

    /// Server flags on top of a high message rate, so only the limits under test apply, and whether
    /// the stalled readers are closed (1008) or only refused (`rateLimited`).
    static let cases: [([String], Bool)] = [
        ([], false),                                  // defaults: the results rate stops them first
        (["--results-per-second", "1000"], true),     // no results rate: the byte bound per connection closes them
        (["--results-per-second", "1000", "--send-queue-bytes", "100000000", "--max-queued-bytes", "6000000"], true),   // the server-wide bound
    ]

    @Test(arguments: cases) func stalledReadersHammeringResultsStayBounded(flags: [String], closed: Bool) throws {
        let server = try ServerProcess(arguments: ["--max-messages-per-second", "5000", "--message-burst", "10000"] + flags)
        let pid = server.process.processIdentifier
        guard let (ann, welcome) = try LargeRoom.open(on: server, count: 500, titleLength: 95) else {
            Issue.record("no welcome")
            return
        }
        let baseline = try #require(ProcessProbe.residentKiB(pid, peak: true))

        var stalled: [ServerRawSocket] = []
        for index in 0..<3 {
            let reader = try ServerRawSocket(port: server.port, timeout: 10)
            _ = try reader.upgrade(path: "/")
            reader.sendText(#"{"type":"join","room":"\#(welcome.room.code)","name":"Stalled\#(index)"}"#)
            for _ in 0..<600 { reader.sendText(#"{"type":"results"}"#) }
            stalled.append(reader)
        }
        // Everything they sent has been read by the server, then one more round trip of Ann's.
        let drained = ProcessProbe.eventually {
            stalled.allSatisfy { ProcessProbe.unreadBytes(serverPort: server.port, clientPort: $0.localPort) ?? 0 == 0 }
        }
        #expect(drained)
        ann.send(.ping(Ping(t: 1)))
        #expect(ann.receive(until: { $0.type == "pong" }, timeout: 10) != nil)
        let peak = try #require(ProcessProbe.residentKiB(pid, peak: true))
        #expect(peak - baseline < Self.growthCeilingMiB * 1024, "grew \((peak - baseline) / 1024) MiB")
        // They were in the room: some results then refusals, or (what was queued dropped) the 1008 close.
        var seen: [String] = []
        while seen.count < 200, let frame = stalled[0].readFrame() {
            if frame.opcode == 8 {
                seen.append("close \(frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : 0)")
                break
            }
            let text = String(decoding: frame.payload, as: UTF8.self)
            seen.append(text.contains(#""results""#) ? "results" : text.contains(#""rateLimited""#) ? "rateLimited" : "other")
        }
        #expect(closed || seen.contains("results"))
        #expect(closed ? seen.last == "close 1008" : seen.contains("rateLimited"), "\(Set(seen))")

        stalled.removeAll()   // closes them
        #expect(ProcessProbe.eventually { (FreshClient.health(server)?["connections"] as? Int) == 1 })
        let after = try #require(ProcessProbe.residentKiB(pid))
        #expect(after - baseline < Self.afterCloseMiB * 1024, "still \((after - baseline) / 1024) MiB above the baseline")
        print("memory \(flags): baseline \(baseline / 1024) MiB, while stalled +\((peak - baseline) / 1024) MiB, after +\((after - baseline) / 1024) MiB")
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }
}
