import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

@Suite struct RoomFreePacingTests {
    static func room(_ rule: VoteRule) -> RoomHarness {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "restaurants", rule: rule, pacing: .free))
        h.join("Bo")
        return h
    }

    @Test func eachMemberMovesAtTheirOwnPace() {
        var h = Self.room(.unanimous)
        #expect(h.room?.phase == .voting)
        h.swipe("m1", "pho", .right)
        guard case let .voteAccepted(ack)? = h.received("m1", "voteAccepted").last else { Issue.record("no ack"); return }
        #expect(ack.visible?.map(\.id) == ["pizza", "tacos", "sushi"])
        #expect(ack.remaining == 6)
        h.swipe("m1", "pizza", .left)
        #expect(h.lastError("m1") == nil)
        h.swipe("m2", "pizza", .right)
        #expect(h.lastError("m2")?.code == .notCurrentCard)
    }

    @Test func aMatchIsAnnouncedTheMomentTheRuleHolds() {
        var h = Self.room(.atLeast(likes: 2))
        h.swipe("m1", "pho", .up)
        #expect(h.received("m2", "match").count == 1)
        h.swipe("m2", "pho", .right)
        #expect(h.lastError("m2")?.code == .cardResolved)
    }

    @Test func undoBringsTheCardBack() {
        var h = Self.room(.unanimous)
        h.swipe("m1", "pho", .right)
        h.send("m1", .undo(UndoVote(card: "pho")))
        guard case let .voteAccepted(ack)? = h.received("m1", "voteAccepted").last else { Issue.record("no ack"); return }
        #expect(ack.undone)
        #expect(ack.visible?.first?.id == "pho")
        #expect(h.received("m1", "animation").contains { if case let .animation(a) = $0 { a.kind == .revert } else { false } })
    }
}
