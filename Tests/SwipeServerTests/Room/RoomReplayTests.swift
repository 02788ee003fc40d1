import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeServer

@Suite struct RoomReplayTests {
    /// Play a session, rebuild the room from its log alone, and compare what a resuming member sees.
    @Test(arguments: [Pacing.lockstep, .free])
    func aRoomRebuiltFromItsLogGivesMembersBackTheirVotes(_ pacing: Pacing) throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: pacing, timerSeconds: 30))
        h.join("Bo")
        h.join("Cy")
        h.send("m1", .host(HostCommand(command: .start)))
        for member: MemberID in ["m1", "m2", "m3"] { h.swipe(member, "dune", .right) }
        h.swipe("m2", "amelie", .up)
        h.swipe("m3", "amelie", .left)
        h.send("m3", .undo(UndoVote()))
        h.send("m1", .host(HostCommand(command: .kick, member: "m3")))
        let token = try #require(h.welcome("m2")?.token)
        let records = h.log.map { LogRecord(at: h.now, room: h.code, event: $0) }

        var restored = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 99))
        let first = restored.restore(records, at: 5_000)
        let second = restored.restore(records, at: 5_000)   // the code is taken now
        #expect(first == (pacing == .lockstep ? [.scheduleTimer(at: 35_000),
                                                 .broadcast(.phase(PhaseChanged(phase: .voting, deadline: 35_000)), except: nil)] : []))
        #expect(second == nil)
        let resumed = restored.join(JoinRoom(room: h.code, name: "x", token: token), from: ConnectionID(7), at: 10)
        guard case let .send(.welcome(welcome), _)? = resumed.effects.first(where: { if case .send(.welcome, _) = $0 { true } else { false } }) else {
            Issue.record("no welcome after restore"); return
        }
        let original = try #require(h.room)
        #expect(welcome.you == "m2")
        #expect(welcome.room.myVotes == ["dune": .like, "amelie": .superLike])
        #expect(welcome.room.members.map(\.name) == ["Ann", "Bo"])
        #expect(welcome.room.matches == original.matches)
        #expect(welcome.room.phase == original.phase)
        #expect(welcome.room.visible == original.window(for: "m2").visible)
        #expect(restored.room(h.code)?.currentIndex == original.currentIndex)
        // New members continue the numbering.
        let newcomer = restored.join(JoinRoom(room: h.code, name: "Dee"), from: ConnectionID(8), at: 11)
        #expect(newcomer.effects.contains(.bind(ConnectionID(8), "m4")))
    }

    @Test func aLogThatDoesNotStartWithTheRoomIsRefused() {
        #expect(Room.replaying([LogRecord(at: 0, room: "K7QM-X4TD-9R", event: .phaseChanged(phase: .voting))]) == nil)
        #expect(Room.replaying([]) == nil)
    }
}
