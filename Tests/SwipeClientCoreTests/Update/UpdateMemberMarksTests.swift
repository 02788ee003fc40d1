import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// Other members' voted marks: `memberUpdated` replaces the member; a resolved lockstep card clears
/// every mark (the next card starts unvoted).
@Suite struct UpdateMemberMarksTests {
    @Test func memberUpdatedReplacesTheMember() {
        var model = Fixtures.model()
        let bo = MemberInfo(id: "m2", name: "Bo", role: .member, online: true, votedCurrent: true, votesCast: 3)
        #expect(update(&model, .server(.memberUpdated(bo))).isEmpty)
        #expect(model.room?.members.first { $0.id == "m2" } == bo)
        #expect(model.room?.members.count == Fixtures.members.count)
    }

    @Test func aResolvedLockstepCardClearsEveryMark() throws {
        var model = Fixtures.model()
        let top = try #require(model.topCard)
        #expect(model.room?.members.contains { $0.votedCurrent } == true)
        let resolved = CardResolved(card: top.id, outcome: .noMatch, tally: Tally(card: top.id),
                                    visible: Array(Fixtures.cards.dropFirst()), remaining: 9)
        update(&model, .server(.cardResolved(resolved)))
        #expect(model.room?.members.allSatisfy { !$0.votedCurrent } == true)
    }
}

/// Votes overtake drag states on the wire: a drag of a card that already resolved is stale.
@Suite struct UpdateStaleDragTests {
    static func drag(_ card: CardID, by member: MemberID = "m1") -> ServerMessage {
        .cardState(CardState(member: member, card: card, phase: .changed, x: 40, y: 0, rotation: 0.1,
                             progress: 0.4, direction: .right, serverTime: 50_100))
    }

    @Test func aLockstepDragOfAResolvedCardIsIgnored() throws {
        var model = Fixtures.model()
        let top = try #require(model.topCard)
        update(&model, .server(.cardResolved(CardResolved(card: top.id, outcome: .noMatch, tally: Tally(card: top.id),
                                                          visible: Array(Fixtures.cards.dropFirst()), remaining: 9))))
        update(&model, .server(Self.drag(top.id)))
        #expect(model.remoteDrags["m1"] == nil)
    }

    @Test func aLockstepDragOfTheShownCardIsKept() throws {
        var model = Fixtures.model()
        let top = try #require(model.topCard)
        update(&model, .server(Self.drag(top.id)))
        #expect(model.remoteDrags["m1"]?.card == top.id)
    }

    @Test func aFreePacingDragOfAnotherCardIsKept() {
        var model = Fixtures.model(pacing: .free)
        update(&model, .server(Self.drag("somewhere-else")))
        #expect(model.remoteDrags["m1"]?.card == "somewhere-else")
    }
}
