import Foundation
import Testing
@testable import SwipeStore

@Suite struct EventLogTests {
    static func temporaryPath(_ name: String = #function) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swipestore-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("log.sqlite").path
    }

    @Test func appendsAreReplayedInOrderWithSequences() throws {
        let log = try EventLog(path: ":memory:")
        let stored = try log.append([
            LogEntry(room: "A", kind: "join", payload: Array("ann".utf8), at: 1),
            LogEntry(room: "B", kind: "join", payload: Array("bo".utf8), at: 2),
            LogEntry(room: "A", kind: "vote", payload: [0, 255, 7], at: 3),
        ])
        #expect(stored.map(\.sequence) == [1, 2, 3])
        #expect(try log.replay().map(\.kind) == ["join", "join", "vote"])
        #expect(try log.replay(room: "A").map(\.payload) == [Array("ann".utf8), [0, 255, 7]])
        #expect(try log.rooms() == ["A", "B"])
        try log.forget(room: "A")
        #expect(try log.count() == 1)
    }

    @Test func survivesReopeningTheFile() throws {
        let path = Self.temporaryPath()
        do {
            let log = try EventLog(path: path, durability: .full)
            try log.append([LogEntry(room: "R", kind: "vote", payload: Array("x".utf8), at: 9)])
        }
        let reopened = try EventLog(path: path)
        let entries = try reopened.replay()
        #expect(entries.count == 1)
        #expect(entries.first?.at == 9)
        #expect(entries.first?.room == "R")
    }

    @Test func rejectsAFileThatIsNotALog() throws {
        let path = Self.temporaryPath()
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try EventLog(path: path)
        } throws: { error in
            let text = String(describing: error)
            return text.contains(path) && text.contains("not a SwipeDeck data file")
        }
    }

    @Test func rejectsAnUnopenablePath() {
        #expect {
            _ = try EventLog(path: "/nonexistent-dir-\(UUID().uuidString)/log.sqlite")
        } throws: { error in
            String(describing: error).contains("cannot open")
        }
    }

    @Test func refusesALogFromANewerServer() throws {
        let path = Self.temporaryPath()
        do {
            let db = try SQLiteConnection(path: path)
            try db.execute("PRAGMA user_version = 99")
        }
        #expect {
            _ = try EventLog(path: path)
        } throws: { error in
            String(describing: error).contains("newer swipe-server")
        }
    }
}
