import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// `host lock` / `unlock`: while locked nobody new joins (a removed member under another name
/// neither), members resume with their tokens, and the lock survives a restart.
@Suite struct RoomLockTests {
    static func locked() -> RoomHarness {
        var h = RoomLockstepTests.started()
        h.send("m1", .host(HostCommand(command: .lock)))
        return h
    }

    static func lockMessages(_ effects: [RoomEffect]) -> [RoomLock] {
        effects.compactMap { effect in
            switch effect {
            case let .broadcast(.roomLocked(lock), _), let .send(.roomLocked(lock), _): lock
            default: nil
            }
        }
    }

    /// (who sends, the command, whether the room is locked after, what is logged, the error code)
    @Test(arguments: [
        ("m1", HostAction.lock, true, [LogEvent.roomLocked(locked: true)], nil),
        ("m2", .lock, false, [], ErrorCode.notHost),
        ("m1", .unlock, false, [], nil),
    ] as [(MemberID, HostAction, Bool, [LogEvent], ErrorCode?)])
    func onlyTheHostLocks(sender: MemberID, command: HostAction, lockedAfter: Bool, logged: [LogEvent], error: ErrorCode?) {
        var h = RoomLockstepTests.started()
        let before = h.log.count
        h.send(sender, .host(HostCommand(command: command)))
        #expect(h.room?.locked == lockedAfter)
        #expect(Array(h.log.dropFirst(before)) == logged)
        let errors = h.received(sender, "error").compactMap { if case let .error(e) = $0 { e.code } else { nil } }
        #expect(errors == (error.map { [$0] } ?? []))
    }

    @Test func lockingTellsEveryoneAndLockingAgainAnswersOnlyTheHost() {
        var h = RoomLockstepTests.started()
        h.send("m1", .host(HostCommand(command: .lock)))
        #expect(Self.lockMessages(h.effects) == [RoomLock(locked: true)])
        #expect(h.effects.contains { if case .broadcast(.roomLocked, except: nil) = $0 { true } else { false } })
        h.send("m1", .host(HostCommand(command: .lock)))
        #expect(h.log.filter { if case .roomLocked = $0 { true } else { false } }.count == 1)
        #expect(h.effects.count == 1)
        #expect(h.effects.contains { if case .send(.roomLocked(RoomLock(locked: true)), to: "m1") = $0 { true } else { false } })
        h.send("m1", .host(HostCommand(command: .unlock)))
        #expect(Self.lockMessages(h.effects) == [RoomLock(locked: false)])
        #expect(h.log.last == .roomLocked(locked: false))
    }

    /// (who tries to come in while the room is locked, refused?)
    @Test(arguments: [("Dee", true), ("Cy", false), ("Bo2", true)])
    func whileLockedOnlyTokensGetIn(name: String, refused: Bool) throws {
        var h = Self.locked()
        let token = try #require(h.room?.members.first { $0.id == "m3" }?.token)
        h.disconnect("m3")
        let joined = h.join(name, token: name == "Cy" ? token : nil)
        #expect((joined == nil) == refused)
        if refused {
            guard case let .error(error)? = h.lastReply else { Issue.record("no refusal"); return }
            #expect(error.code == .notAllowed)
            #expect(error.message == "join: the host has locked room \(h.code); no new members until they unlock it")
        } else {
            #expect(joined == "m3")
        }
    }

    @Test func aRemovedMemberCannotComeBackUnderAnotherNameWhileLocked() {
        var h = Self.locked()
        h.send("m1", .host(HostCommand(command: .kick, member: "m3")))
        #expect(h.join("Cy") == nil)
        #expect(h.join("Not Cy") == nil)
        h.send("m1", .host(HostCommand(command: .unlock)))
        #expect(h.join("Cy") == nil, "the removed name stays refused")
        #expect(h.join("Dee") != nil, "unlocked: someone new joins again")
    }

    @Test func theWelcomeSaysTheRoomIsLocked() throws {
        var h = Self.locked()
        let token = try #require(h.room?.members.first { $0.id == "m2" }?.token)
        h.disconnect("m2")
        h.join("Bo", token: token)
        guard case let .welcome(welcome)? = h.received("m2", "welcome").last else { Issue.record("no welcome"); return }
        #expect(welcome.room.locked == true)
        h.send("m1", .host(HostCommand(command: .unlock)))
        h.disconnect("m2")
        h.join("Bo", token: token)
        guard case let .welcome(open)? = h.received("m2", "welcome").last else { Issue.record("no welcome"); return }
        #expect(open.room.locked == nil, "an open room's welcome is as before")
    }

    @Test func theLockSurvivesARestartFromTheLogAndFromACheckpoint() throws {
        let h = Self.locked()
        let live = try #require(h.room)
        let checkpoint = try RoomCheckpoint.decoded(live.checkpoint.encoded())
        #expect(checkpoint.version == RoomCheckpoint.currentVersion && checkpoint.locked)
        let fromCheckpoint = Room(restoring: checkpoint)
        #expect(fromCheckpoint.locked)
        #expect(fromCheckpoint.durableState == live.durableState)
        var restored = RoomRegistry(library: .bundled())
        let records = h.log.enumerated().map { LogRecord(at: Double($0.offset), room: h.code, event: $0.element) }
        _ = try restored.restore(checkpoints: [], tail: records, at: 100)
        let fromLog = try #require(restored.room(h.code))
        #expect(fromLog.locked)
        #expect(fromLog.checkpoint.locked == live.checkpoint.locked)
    }

    /// Checkpoints written before version 4 read as open rooms; version 4 keeps the lock.
    @Test(arguments: [1, 2, 3, 4])
    func olderCheckpointsAreOpen(version: Int) throws {
        var old = try #require(Self.locked().room?.checkpoint)
        old.version = version
        let decoded = try RoomCheckpoint.decoded(old.encoded())
        #expect(decoded.version == version)
        #expect(decoded.locked == (version >= 4))
        #expect(decoded.members == old.members)
    }
}
