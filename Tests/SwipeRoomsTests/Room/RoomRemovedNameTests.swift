import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// A member the host removed does not walk back in by running `swipe join` again: their name is
/// refused in that room (after a restart too), while anyone else still joins.
@Suite struct RoomRemovedNameTests {
    static func kickedCy() -> RoomHarness {
        var h = RoomLockstepTests.started()
        h.send("m1", .host(HostCommand(command: .kick, member: "m3")))
        return h
    }

    /// (the name a later join gives, whether it is refused)
    @Test(arguments: [("Cy", true), ("cy", true), ("  CY ", true), ("Cy2", false), ("Dee", false)])
    func aRemovedNameCannotJoinAgain(_ name: String, _ refused: Bool) {
        var h = Self.kickedCy()
        let joined = h.join(name)
        #expect((joined == nil) == refused)
        if refused {
            guard case let .error(error)? = h.lastReply else { Issue.record("no refusal"); return }
            #expect(error.code == .notAllowed)
            #expect(error.message == "join: the host removed \(name.trimmingCharacters(in: .whitespaces)) from room \(h.code); that name cannot join it again")
        }
    }

    @Test func theRemovedMembersTokenNoLongerResumes() throws {
        var h = RoomLockstepTests.started()
        let token = try #require(h.room?.members.first { $0.id == "m3" }?.token)
        h.send("m1", .host(HostCommand(command: .kick, member: "m3")))
        #expect(h.join("Cy", token: token) == nil)
        guard case let .error(error)? = h.lastReply else { Issue.record("no refusal"); return }
        #expect(error.code == .badToken)
    }

    @Test func aRestartRemembersWhoWasRemoved() throws {
        let h = Self.kickedCy()
        let live = try #require(h.room)
        #expect(live.removedNames == ["cy"])
        // From a checkpoint (through its bytes) and from the log alone.
        let checkpoint = try RoomCheckpoint.decoded(live.checkpoint.encoded())
        #expect(Room(restoring: checkpoint).removedNames == ["cy"])
        #expect(checkpoint.version == RoomCheckpoint.currentVersion)
        var restored = RoomRegistry(library: .bundled())
        let records = h.log.enumerated().map { LogRecord(at: Double($0.offset), room: h.code, event: $0.element) }
        _ = try restored.restore(checkpoints: [], tail: records, at: 100)
        #expect(restored.room(h.code)?.removedNames == ["cy"])
    }

    @Test func aVersion1CheckpointHasNobodyRemoved() throws {
        var old = try #require(Self.kickedCy().room?.checkpoint)
        old.version = 1
        let decoded = try RoomCheckpoint.decoded(old.encoded())
        #expect(decoded.version == 1)
        #expect(decoded.removedNames.isEmpty)
        #expect(decoded.members == old.members)
    }
}
