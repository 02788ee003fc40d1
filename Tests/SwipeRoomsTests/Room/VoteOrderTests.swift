import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// A member's vote order kept as positions in the deck (4 bytes a vote): the same answers as the
/// list of card ids it replaced.
@Suite struct VoteOrderTests {
    let deck = ["a", "b", "c", "d"].map { Card(id: CardID($0), title: $0.uppercased()) }

    @Test func appendRemoveAndReadBackAsIDs() {
        var order = VoteOrder()
        order.append(2)
        order.append(0)
        order.append(3)
        #expect(order.cards(in: deck) == ["c", "a", "d"])
        #expect(order.count == 3)
        order.remove(0)
        #expect(order.cards(in: deck) == ["c", "d"])
        #expect(order.contains(3) && !order.contains(0))
        #expect(!order.hasRepeats)
        order.append(3)
        #expect(order.hasRepeats)
    }

    @Test func lastFindsTheNewestMatchingCard() {
        var order = VoteOrder()
        for position in [1, 2, 0] { order.append(position) }
        #expect(order.last(in: deck) { $0 != "a" } == "c")
        #expect(order.last(in: deck) { $0 == "z" } == nil)
        #expect(VoteOrder().last(in: deck) { _ in true } == nil)
    }

    @Test func aCheckpointsIDsBecomePositions() {
        let index: [CardID: Int] = ["a": 0, "b": 1, "c": 2, "d": 3]
        let order = VoteOrder(["d", "b", "gone"], positions: index)
        #expect(order.cards(in: deck) == ["d", "b"])   // a card the deck lacks is left out
        #expect(order == VoteOrder(["d", "b"], positions: index))
    }

    @Test func undoAfterSwipesAndARestoreAgree() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        h.join("Bo")
        let cards = try #require(h.room).cards
        h.swipe("m2", cards[0].id, .right)
        h.swipe("m2", cards[1].id, .left)
        var room = try #require(h.room)
        #expect(room.members[1].voteOrder.cards(in: room.cards) == [cards[0].id, cards[1].id])
        h.send("m2", .undo(UndoVote()))   // the newest vote goes
        room = try #require(h.room)
        #expect(room.members[1].voteOrder.cards(in: room.cards) == [cards[0].id])
        #expect(room.votes[cards[1].id]?["m2"] == nil)
        #expect(Room(restoring: room.checkpoint).members[1].voteOrder == room.members[1].voteOrder)
        #expect(room.checkInvariants().isEmpty)
    }
}
