import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Every way a deck can end leads to exactly one winner the host can reach: the table in
/// docs/PROTOCOL.md ("Every ending has one decision"), case by case.
@Suite struct RoomDecisionTests {
    typealias Votes = [(SwipeDirection, SwipeDirection)]
    static let cards = RoomFinalRoundTests.cards   // pho, tacos, curry

    /// What the host does once the deck is done: nothing, `finalRound` (then the round's votes), or `accept`.
    enum Step {
        case nothing
        case finalRound(Votes)
        case accept
        case revealAfter(Votes)
    }

    /// (the ending, the rule, the deck's votes, a reveal after that many cards (nil: the whole deck),
    /// what the host does, the round's cards (empty: no round), the winner, how)
    static let endings: [(String, VoteRule, Votes, Int?, Step, [CardID], CardID, WinnerReason)] = [
        ("one match", .majority, [(.right, .right), (.left, .left), (.left, .right)], nil,
         .nothing, [], "pho", .onlyMatch),
        ("several matches: a final round", .majority, [(.right, .right), (.right, .right), (.left, .left)], nil,
         .finalRound([(.left, .right), (.right, .right)]), ["pho", "tacos"], "tacos", .votes),
        ("no match, a tie at the top: a round over the level cards", .unanimous, [(.right, .left), (.left, .right), (.left, .left)], nil,
         .finalRound([(.left, .left), (.right, .right)]), ["pho", "tacos"], "tacos", .votes),
        ("no match, one leader: a round over the top three", .unanimous, [(.right, .left), (.left, .left), (.up, .left)], nil,
         .finalRound([(.right, .left), (.right, .right), (.left, .left)]), ["curry", "pho", "tacos"], "pho", .votes),
        ("no match, one leader: accepted in one step", .unanimous, [(.right, .left), (.left, .left), (.up, .left)], nil,
         .accept, [], "curry", .accepted),
        ("several matches, one ahead by score: accepted", .majority, [(.right, .right), (.up, .right), (.left, .left)], nil,
         .accept, [], "tacos", .accepted),
        ("a reveal with one match", .majority, [(.right, .right)], 1,
         .nothing, [], "pho", .onlyMatch),
        ("a reveal with no vote at all: a round over every card", .majority, [], 0,
         .finalRound([(.left, .left), (.left, .left), (.right, .right)]), ["pho", "tacos", "curry"], "curry", .votes),
        ("a reveal during a round: its votes so far decide", .majority, [(.right, .right), (.right, .right), (.right, .right)], nil,
         .revealAfter([(.left, .left), (.right, .right)]), ["pho", "tacos", "curry"], "tacos", .votes),
        ("a round that leaves every card level: the deck's ranking", .majority, [(.right, .right), (.up, .up), (.left, .left)], nil,
         .finalRound([(.right, .left), (.left, .right)]), ["pho", "tacos"], "tacos", .tieBreak),
    ]

    @Test(arguments: endings.indices)
    func everyEndingHasOneWinnerTheHostCanReach(_ index: Int) throws {
        let (name, rule, deck, revealAfter, step, round, winner, how) = Self.endings[index]
        var h = RoomFinalRoundTests.room(rule: rule)
        RoomFinalRoundTests.vote(&h, deck)
        if revealAfter != nil { h.send("m1", .host(HostCommand(command: .reveal))) }
        #expect(h.room?.phase == .finished, "\(name)")
        switch step {
        case .nothing: break
        case let .finalRound(votes):
            RoomFinalRoundTests.finalRound(&h)
            RoomFinalRoundTests.vote(&h, votes)
        case .accept:
            h.send("m1", .host(HostCommand(command: .accept)))
        case let .revealAfter(votes):
            RoomFinalRoundTests.finalRound(&h)
            RoomFinalRoundTests.vote(&h, votes)
            h.send("m1", .host(HostCommand(command: .reveal)))
        }
        let room = try #require(h.room)
        #expect(room.rounds.first?.candidates ?? [] == round, "\(name)")
        #expect(room.winner?.card == winner && room.winner?.decidedBy == how, "\(name): \(String(describing: room.winner))")
        #expect(h.lastError("m1") == nil, "\(name): \(String(describing: h.lastError("m1")))")
        // Everyone was told, the results and the CSV say how, and a restore agrees.
        #expect(h.effects.contains { if case let .broadcast(.winner(w), nil) = $0 { w.card.id == winner && w.decidedBy == how } else { false } },
                "\(name)")
        let results = room.results()
        #expect(results.winner == winner && results.decidedBy == how, "\(name)")
        let lines = ResultsExport.csv(results).split(separator: "\r\n")
        #expect(lines.first?.hasSuffix(",round,winner,decidedBy") == true)
        #expect(lines.contains { $0.split(separator: ",")[1] == winner.rawValue && $0.hasSuffix(",true,\(how.rawValue)") }, "\(name): \(lines)")
        #expect(lines.dropFirst().filter { !$0.hasSuffix(",false,") }.allSatisfy { $0.split(separator: ",")[1] == winner.rawValue }, "\(name)")
        let records = h.log.map { LogRecord(at: 0, room: h.code, event: $0) }
        #expect(try Room.restore(from: records).durableState == room.durableState, "\(name)")
        #expect(Room(restoring: try RoomCheckpoint.decoded(room.checkpoint.encoded())).durableState == room.durableState, "\(name)")
        #expect(room.checkInvariants() == [], "\(name)")
        // Once decided, neither command decides again.
        h.send("m1", .host(HostCommand(command: .accept)))
        #expect(try #require(h.lastError("m1")).message.contains("already won"), "\(name)")
    }

    @Test func acceptIsRefusedWhileLockstepCardsAreLevelAndWhileVoting() throws {
        var tie = RoomFinalRoundTests.room(rule: .unanimous)
        RoomFinalRoundTests.vote(&tie, [(.right, .left), (.left, .right), (.left, .left)])
        tie.send("m1", .host(HostCommand(command: .accept)))
        let refusal = try #require(tie.lastError("m1"))
        #expect(refusal.code == .notAllowed)
        #expect(refusal.message == "host accept: 2 cards are level at the top (\"Pho\", \"Tacos\"); a final round decides between them")
        #expect(tie.room?.winner == nil)
        var voting = RoomFinalRoundTests.room()
        voting.send("m1", .host(HostCommand(command: .accept)))
        #expect(try #require(voting.lastError("m1")).message.contains("the deck is not done yet"))
        var member = RoomFinalRoundTests.room(rule: .unanimous)
        RoomFinalRoundTests.vote(&member, [(.right, .left), (.left, .left), (.left, .left)])
        member.send("m2", .host(HostCommand(command: .accept)))
        #expect(try #require(member.lastError("m2")).code == .notHost)
    }

    /// A free room cannot play a round: `accept` takes the ranking's first card, a lone leader as
    /// `accepted`, level cards by the ranking's order as `tieBreak`.
    @Test(arguments: [
        ([(.right, .left), (.left, .left), (.left, .left)], "pho", WinnerReason.accepted),
        ([(.right, .left), (.left, .right), (.left, .left)], "pho", .tieBreak),
    ] as [(Votes, CardID, WinnerReason)])
    func aFreeRoomAcceptsItsLeader(_ votes: Votes, _ winner: CardID, _ how: WinnerReason) throws {
        var h = RoomFinalRoundTests.room(rule: .unanimous, pacing: .free)
        for (card, (ann, bo)) in zip(Self.cards.map(\.id), votes) {
            h.swipe("m1", card, ann)
            h.swipe("m2", card, bo)
        }
        #expect(h.room?.phase == .finished)
        h.send("m1", .host(HostCommand(command: .accept)))
        #expect(h.room?.winner == WinnerState(card: winner, decidedBy: how, round: 0))
        #expect(h.received("m2", "results").last.map { if case let .results(r) = $0 { r.winner == winner } else { false } } == true)
    }

    /// A round's card that the group agrees on again is announced as any match: `matched` in
    /// `cardResolved`, and `match` for protocols 1 and 2; it is not one more of the deck's matches.
    @Test func aRoundCardsMatchIsAnnouncedLikeAnyMatch() throws {
        var h = RoomFinalRoundTests.room()
        RoomFinalRoundTests.vote(&h, [(.right, .right), (.right, .right), (.left, .left)])
        RoomFinalRoundTests.finalRound(&h)
        h.effects = []
        h.inbox = [:]
        RoomFinalRoundTests.vote(&h, [(.right, .right)])
        let resolved = h.effects.compactMap { if case let .broadcast(.cardResolved(r), nil) = $0 { r } else { nil } }
        #expect(resolved.map(\.card) == ["pho~r1"])
        #expect(resolved.first?.outcome == .match && resolved.first?.matched?.id == "pho~r1")
        #expect(h.received("m2", "match").count == 1, "protocol 1 gets the match message")
        #expect(h.room?.matches == ["pho", "tacos"], "the deck's matches are unchanged")
    }
}
