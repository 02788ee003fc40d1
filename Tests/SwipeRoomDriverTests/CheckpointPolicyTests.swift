import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeRoomDriver

@Suite struct CheckpointPolicyTests {
    static func vote(_ room: RoomCode) -> LogRecord {
        LogRecord(at: 0, room: room, event: .voteCast(member: "m1", card: "c", vote: .like, seq: nil))
    }

    @Test func everyIntervalRecordsOfARoom() {
        var policy = CheckpointPolicy(interval: 3)
        #expect(policy.roomsDue(after: [Self.vote("A"), Self.vote("B")]) == [])
        #expect(policy.roomsDue(after: [Self.vote("A"), Self.vote("A")]) == ["A"])
        #expect(policy.roomsDue(after: [Self.vote("A"), Self.vote("B"), Self.vote("B")]) == ["B"])
        #expect(policy.roomsDue(after: [Self.vote("A"), Self.vote("A")]) == ["A"])
    }

    @Test func aFinishedRoomAtOnce() {
        var policy = CheckpointPolicy(interval: 1000)
        #expect(policy.roomsDue(after: [Self.vote("A"), LogRecord(at: 0, room: "A", event: .phaseChanged(phase: .finished))]) == ["A"])
    }

    @Test func intervalZeroNever() {
        var policy = CheckpointPolicy(interval: 0)
        #expect(policy.roomsDue(after: Array(repeating: Self.vote("A"), count: 5000)) == [])
    }

    @Test func aRestoredRoomCountsTheTailItReplayed() {
        var policy = CheckpointPolicy(interval: 10)
        policy.restored(["A": 9])
        #expect(policy.roomsDue(after: [Self.vote("A")]) == ["A"])
        policy.forget("A")
        #expect(policy.roomsDue(after: [Self.vote("A")]) == [])
    }
}
