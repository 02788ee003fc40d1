import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// A log the server cannot write (here: the file-size limit, which fails writes with EFBIG like a
/// full disk) stops it with exit status 74, said once at `critical`, so a supervisor restarts it.
@Suite struct SecurityStorageFailureTests {
    @Test func aFailedLogWriteExits74AndSaysSoOnce() throws {
        let directory = NSTemporaryDirectory() + "swipe-full-\(UUID().uuidString)"
        let log = directory + ".log"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: log)
        }
        let server = try ServerProcess(arguments: ["--data", directory], stderrPath: log, shellLimits: ["ulimit -f 160"])   // 80 KiB: an empty log (its tables created in one transaction) takes ~66, the create ~40 more
        let ann = try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 10)
        let title = String(repeating: "y", count: 190)
        ann.send(.create(CreateRoom(name: "Ann", cards: (0..<200).map { Card(id: CardID("c\($0)"), title: "\($0) \(title)") })))
        #expect(ann.receive(until: { $0.type == "welcome" }, timeout: 10) == nil)   // never acknowledged
        let exited = ProcessProbe.eventually { !server.process.isRunning }
        #expect(exited)
        #expect(exited && server.process.terminationStatus == 74)
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.filter { $0.contains("critical") }.count == 1, "\(lines)")

        // Restarted on the same data (with room to write), it serves again.
        let again = try ServerProcess(arguments: ["--data", directory])
        #expect(FreshClient.createsARoomAndVotes(on: again))
        #expect(again.terminate() == 0)
    }
}
