import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

/// Everyone sees who has voted: each accepted vote or undo is followed by `memberUpdated` for the
/// voter, to every member.
@Suite struct RoomMemberMarksTests {
    static func marks(_ h: RoomHarness, seenBy viewer: MemberID, of member: MemberID) -> MemberInfo? {
        h.received(viewer, "memberUpdated").compactMap { message -> MemberInfo? in
            if case let .memberUpdated(info) = message, info.id == member { return info }
            return nil
        }.last
    }

    @Test func aVoteMarksTheVoterForEveryone() throws {
        var h = RoomLockstepTests.started()
        h.swipe("m2", "dune", .right)
        for viewer: MemberID in ["m1", "m2", "m3"] {
            let info = try #require(Self.marks(h, seenBy: viewer, of: "m2"), "\(viewer) did not see Bo's vote mark")
            #expect(info.votedCurrent)
            #expect(info.votesCast == 1)
            #expect(info.name == "Bo")
        }
        #expect(Self.marks(h, seenBy: "m1", of: "m3") == nil)
    }

    @Test func anUndoClearsTheMark() throws {
        var h = RoomLockstepTests.started()
        h.swipe("m2", "dune", .right)
        h.send("m2", .undo(UndoVote()))
        let info = try #require(Self.marks(h, seenBy: "m3", of: "m2"))
        #expect(!info.votedCurrent)
        #expect(info.votesCast == 0)
    }

    @Test func aRefusedVoteChangesNoMarks() {
        var h = RoomLockstepTests.started()
        h.swipe("m2", "amelie", .right)   // not the current card
        #expect(h.lastError("m2")?.code == .notCurrentCard)
        #expect(h.received("m1", "memberUpdated").isEmpty)
    }
}
