import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

@Suite struct RoomRestoreTests {
    /// At every cut point of a random session, replaying the log so far rebuilds every live room exactly.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func theLogRebuildsEveryRoomAtEveryCutPoint(seed: UInt64) throws {
        var session = ScriptedSession(seed: seed)
        var appends = 0
        for _ in 0..<400 {
            session.step()
            var restored = RoomRegistry(library: .bundled())
            _ = try restored.restore(from: session.records, at: session.now)
            let restoredStates = restored.rooms.mapValues(\.durableState)
            #expect(restoredStates == session.liveStates)
            if restoredStates != session.liveStates { return }
            appends = session.records.count
        }
        // The session did something worth checking: votes, undos and resolutions.
        #expect(appends > 80)
        #expect(session.records.filter { if case .voteCast = $0.event { return true } else { return false } }.count >= 5)
        #expect(session.records.contains { if case .cardResolved = $0.event { return true } else { return false } })
    }

    @Test func aRestoredRoomHasEveryMemberOfflineAndAFreshTimer() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", pacing: .lockstep, timerSeconds: 30))
        h.join("Bo")
        h.send("m1", .host(HostCommand(command: .start)))
        h.swipe("m2", "dune", .right)
        let records = h.log.map { LogRecord(at: 0, room: h.code, event: $0) }
        var registry = RoomRegistry(library: .bundled())
        let report = try registry.restore(from: records, at: 500)
        #expect(report.rooms == [h.code])
        #expect(report.effects[h.code]?.first == .scheduleTimer(at: 30_500))
        let room = try #require(registry.room(h.code))
        #expect(room.isDeserted)
        #expect(room.tally(of: "dune").voted == 1)
        #expect(room.phase == .voting)
    }

    @Test func aClosedRoomIsNotRestored() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies"))
        h.send("m1", .host(HostCommand(command: .close)))
        let records = h.log.map { LogRecord(at: 0, room: h.code, event: $0) }
        var registry = RoomRegistry(library: .bundled())
        let report = try registry.restore(from: records, at: 0)
        #expect(report.closed == [h.code])
        #expect(registry.rooms.isEmpty)
    }

    @Test(arguments: [
        ([LogEvent.memberOnline(member: "m1")], 0, "the first record is memberOnline, not roomCreated"),
        ([.roomCreated(deck: "d", cards: [Card(id: "a", title: "A")], rule: .majority, pacing: .lockstep, timerSeconds: nil, quorum: nil),
          .voteCast(member: "m9", card: "a", vote: .like, seq: nil)], 1, "voteCast: no member \"m9\""),
        ([.roomCreated(deck: "d", cards: [Card(id: "a", title: "A")], rule: .majority, pacing: .lockstep, timerSeconds: nil, quorum: nil),
          .cardResolved(card: "zz", outcome: .match)], 1, "cardResolved: no card \"zz\""),
    ])
    func aDamagedLogNamesTheRoomAndRecord(events: [LogEvent], record: Int, message: String) {
        let records = events.map { LogRecord(at: 0, room: "R", event: $0) }
        #expect(throws: RestoreError(room: "R", record: record, message: message)) { try Room.restore(from: records) }
    }

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
        let report = try restored.restore(from: records, at: 5_000)
        #expect(report.effects[h.code] == (pacing == .lockstep ? [.scheduleTimer(at: 35_000),
                                                                  .broadcast(.phase(PhaseChanged(phase: .voting, deadline: 35_000)), except: nil)]
                                                               : [.scheduleTimer(at: 65_000)]),   // the host is expected back for 60 s
                "\(pacing)")
        #expect(throws: RestoreError(room: h.code, record: 0, message: "a room with this code is already running")) {
            try restored.restore(from: records, at: 5_000)
        }
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

    @Test func anEmptyLogIsRefused() {
        #expect(throws: RestoreError(room: "", record: 0, message: "no records")) { try Room.restore(from: []) }
    }
}
