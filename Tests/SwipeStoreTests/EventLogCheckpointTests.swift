import Foundation
import Testing
@testable import SwipeStore

@Suite struct EventLogCheckpointTests {
    static func entry(_ room: String, _ kind: String, _ at: Double) -> LogEntry {
        LogEntry(room: room, kind: kind, payload: Array(kind.utf8), at: at)
    }

    /// A checkpoint stored with a batch covers the room's entries so far: a restart reads the
    /// checkpoint and only what came after it; other rooms keep all their entries.
    @Test func aCheckpointLeavesOnlyTheTailToReplay() throws {
        let log = try EventLog(path: ":memory:")
        try log.append([Self.entry("A", "created", 1), Self.entry("B", "created", 2), Self.entry("A", "vote", 3)])
        try log.append([Self.entry("A", "vote", 4)], checkpoints: [RoomState(room: "A", payload: Array("A@4".utf8), at: 4)])
        try log.append([Self.entry("A", "vote", 5), Self.entry("B", "vote", 6)])
        let load = try log.loadForRestart()
        #expect(load.checkpoints == [Checkpoint(state: RoomState(room: "A", payload: Array("A@4".utf8), at: 4), sequence: 4)])
        #expect(load.entries.map(\.sequence) == [2, 5, 6])
        #expect(try log.history().map(\.sequence) == [1, 2, 3, 4, 5, 6], "nothing is lost: covered entries are archived")
        #expect(try log.history(room: "A").map(\.kind) == ["created", "vote", "vote", "vote"])
    }

    @Test func aLaterCheckpointReplacesTheEarlierOne() throws {
        let log = try EventLog(path: ":memory:")
        try log.append([Self.entry("A", "created", 1)], checkpoints: [RoomState(room: "A", payload: [1], at: 1)])
        try log.append([Self.entry("A", "vote", 2)], checkpoints: [RoomState(room: "A", payload: [2], at: 2)])
        let load = try log.loadForRestart()
        #expect(load.checkpoints.map(\.state.payload) == [[2]])
        #expect(load.checkpoints.map(\.sequence) == [2])
        #expect(load.entries.isEmpty)
    }

    /// Forgetting a room (closed or evicted) takes it out of the restart entirely, history kept.
    @Test func aForgottenRoomIsNotLoadedAgain() throws {
        let log = try EventLog(path: ":memory:")
        try log.append([Self.entry("A", "created", 1)], checkpoints: [RoomState(room: "A", payload: [1], at: 1)])
        try log.append([Self.entry("A", "vote", 2), Self.entry("B", "created", 3)])
        try log.forget(room: "A")
        let load = try log.loadForRestart()
        #expect(load.checkpoints.isEmpty)
        #expect(load.entries.map(\.room) == ["B"])
        #expect(try log.history().count == 3)
    }

    /// A version-1 file (log table only) opens, is upgraded, and keeps its entries.
    @Test func aVersionOneFileIsUpgradedInPlace() throws {
        let path = EventLogTests.temporaryPath()
        do {
            let v1 = try SQLiteConnection(path: path)
            try v1.execute("""
                CREATE TABLE log (sequence INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, kind TEXT NOT NULL,
                                  payload BLOB NOT NULL, at REAL NOT NULL);
                INSERT INTO log (room, kind, payload, at) VALUES ('R', 'created', x'00', 1);
                PRAGMA user_version = 1;
                """)
        }
        let log = try EventLog(path: path)
        #expect(try log.loadForRestart().entries.map(\.kind) == ["created"])
        try log.append([Self.entry("R", "vote", 2)], checkpoints: [RoomState(room: "R", payload: [9], at: 2)])
        #expect(try log.loadForRestart().entries.isEmpty)
        #expect(try log.db.query("PRAGMA user_version").first?.first == .integer(2))
    }
}
