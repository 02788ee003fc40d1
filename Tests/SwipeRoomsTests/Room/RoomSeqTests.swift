import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

@Suite struct RoomSeqTests {
    static func started(_ pacing: Pacing) -> RoomHarness {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: pacing))
        h.join("Bo")
        if pacing == .lockstep { h.send("m1", .host(HostCommand(command: .start))) }
        return h
    }

    @Test(arguments: [Pacing.lockstep, .free])
    func aVoteResentAfterItsCardResolvedIsAcknowledgedNotReapplied(pacing: Pacing) {
        var h = Self.started(pacing)
        h.send("m1", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))
        #expect(h.room?.matches == ["dune"])
        let logged = h.log.count
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))
        #expect(h.received("m2", "voteAccepted").count == 2)
        guard case let .voteAccepted(again)? = h.received("m2", "voteAccepted").last else { Issue.record("no ack"); return }
        #expect(again.card == "dune" && again.vote == .like && again.seq == 1 && !again.undone)
        #expect(h.lastError("m2") == nil)
        #expect(h.log.count == logged)   // nothing new is durable: nothing was applied
        #expect(h.room?.results().ranking.first { $0.card == "dune" }?.likes == 2)
    }

    @Test func anUndoResentIsAcknowledgedOnce() {
        var h = Self.started(.free)
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .left, seq: 1)))
        h.send("m2", .undo(UndoVote(seq: 2)))
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 3)))
        h.send("m2", .undo(UndoVote(seq: 2)))   // a resend of the undo must not undo the new vote
        #expect(h.room?.tally(of: "dune").likes == 1)
        guard case let .voteAccepted(again)? = h.received("m2", "voteAccepted").last else { Issue.record("no ack"); return }
        #expect(again.undone && again.seq == 2)
    }

    @Test func aNewSeqOnAVotedCardIsStillADoubleVote() {
        var h = Self.started(.lockstep)
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .left, seq: 2)))
        #expect(h.lastError("m2")?.code == .alreadyVoted)
        #expect(h.room?.tally(of: "dune").voted == 1)
    }

    @Test func seqsSurviveARestore() throws {
        var h = Self.started(.lockstep)
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 5)))
        var registry = RoomRegistry(library: .bundled())
        _ = try registry.restore(from: h.log.map { LogRecord(at: 0, room: h.code, event: $0) }, at: 0)
        var room = try #require(registry.room(h.code))
        _ = room.handle(.memberConnected(ConnectionID(9), JoinRoom(room: h.code, name: "Bo", token: h.room?.members[1].token), token: "x"), at: 1)
        let effects = room.handle(.messageReceived("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 5))), at: 2)
        #expect(effects == [.send(.voteAccepted(VoteAccepted(card: "dune", vote: .like, seq: 5, undone: false)), to: "m2")])
    }
}

/// A member resumed by a new process (its own seq count back at 1) votes again: the welcome says
/// where to count on from, and a seq reused for a different vote is a new vote, not a resend.
@Suite struct RoomSeqReuseTests {
    @Test func theWelcomeCarriesTheNextSeq() throws {
        var h = RoomSeqTests.started(.lockstep)
        let token = try #require(h.room?.members.first { $0.id == "m2" }?.token)
        #expect(h.welcome("m2")?.nextSeq == 1)
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 4)))
        h.disconnect("m2")
        _ = h.join("Bo", token: token)
        #expect(h.welcome("m2")?.nextSeq == 5)
    }

    /// (the card the new process likes with seq 1, which the old process used to like "dune";
    /// whether it is applied)
    @Test(arguments: [
        (CardID("amelie"), true),   // another card: a new vote
        ("dune", false),            // the same vote: a resend
    ])
    func aSeqReusedForAnotherVoteIsANewVote(_ card: CardID, _ applied: Bool) {
        var h = RoomSeqTests.started(.lockstep)
        h.send("m1", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))   // dune resolves
        if card != "dune" { h.send("m1", .swipe(SwipeVote(card: card, direction: .right, seq: 2))) }
        let logged = h.log.count
        h.send("m2", .swipe(SwipeVote(card: card, direction: .right, seq: 1)))
        #expect(h.lastError("m2") == nil)
        #expect((h.log.count > logged) == applied)
        #expect(h.room?.results().ranking.first { $0.card == card }?.likes == 2)
    }
}
