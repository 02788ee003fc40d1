import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// The final round: over several matches (or a tie at the top) until exactly one card wins.
@Suite struct RoomFinalRoundTests {
    static let cards = [Card(id: "pho", title: "Pho"), Card(id: "tacos", title: "Tacos"), Card(id: "curry", title: "Curry")]

    /// Ann (host) and Bo in a lockstep room over the three cards, started.
    static func room(rule: VoteRule = .majority, pacing: Pacing = .lockstep) -> RoomHarness {
        var h = RoomHarness(CreateRoom(name: "Ann", cards: cards, rule: rule, pacing: pacing))
        h.join("Bo")
        if pacing == .lockstep { h.send("m1", .host(HostCommand(command: .start))) }
        return h
    }

    /// Both members vote on the current lockstep card, `votes` giving Ann's and Bo's directions per card.
    static func vote(_ h: inout RoomHarness, _ votes: [(SwipeDirection, SwipeDirection)]) {
        for (ann, bo) in votes {
            guard let card = h.room?.currentCard?.id else { return }
            h.swipe("m1", card, ann)
            h.swipe("m2", card, bo)
        }
    }

    static func finalRound(_ h: inout RoomHarness) { h.send("m1", .host(HostCommand(command: .finalRound))) }

    /// (deck votes, round votes…, expected rounds' card ids, winner, how)
    static let scenarios: [(String, [(SwipeDirection, SwipeDirection)], [[(SwipeDirection, SwipeDirection)]], [[CardID]], CardID, WinnerReason)] = [
        ("one leader in round 1",
         [(.right, .right), (.right, .right), (.right, .right)],
         [[(.right, .right), (.left, .right), (.left, .left)]],
         [["pho", "tacos", "curry"]], "pho", .votes),
        ("a tie of two goes to round 2, which a super-like decides",
         [(.right, .right), (.right, .right), (.right, .right)],
         [[(.right, .right), (.right, .right), (.left, .left)], [(.right, .right), (.up, .right)]],
         [["pho", "tacos", "curry"], ["pho", "tacos"]], "tacos", .votes),
        ("a round that leaves every card level: the deck's ranking decides (deck order here)",
         [(.right, .right), (.right, .right), (.left, .left)],
         [[(.right, .left), (.left, .right)]],
         [["pho", "tacos"]], "pho", .tieBreak),
        ("no match, two level at the top: the round is over those two",
         [(.right, .left), (.left, .right), (.left, .left)],
         [[(.left, .left), (.right, .left)]],
         [["pho", "tacos"]], "tacos", .votes),
    ]

    @Test(arguments: scenarios.indices)
    func everyScenarioEndsWithOneWinner(_ index: Int) throws {
        let (name, deck, rounds, expectedRounds, winner, how) = Self.scenarios[index]
        let rule: VoteRule = index == 3 ? .unanimous : .majority
        var h = Self.room(rule: rule)
        Self.vote(&h, deck)
        #expect(h.room?.phase == .finished, "\(name)")
        Self.finalRound(&h)
        for votes in rounds { Self.vote(&h, votes) }
        let room = try #require(h.room)
        #expect(room.rounds.map(\.candidates) == expectedRounds, "\(name)")
        #expect(room.winner == WinnerState(card: winner, decidedBy: how, round: expectedRounds.count), "\(name)")
        #expect(room.phase == .finished)
        #expect(room.checkInvariants() == [])
        // A member who joins now sees the deck's three cards, no round, and the winner.
        let snapshot = room.welcome(for: "m2", at: 0).room
        #expect(snapshot.totalCards == 3 && snapshot.finalRound == nil && snapshot.winner?.card.id == winner)
        #expect(h.effects.contains { if case let .broadcast(.winner(w), nil) = $0 { w.card.id == winner && w.decidedBy == how } else { false } })
        // The results mark the winner and record every round; a round's rows use the deck's ids.
        let results = room.results()
        #expect(results.winner == winner)
        #expect(results.rounds?.map { $0.ranking.map(\.card).sorted { $0.rawValue < $1.rawValue } }
                == expectedRounds.map { $0.sorted { $0.rawValue < $1.rawValue } })
        #expect(results.ranking.count == 3, "the deck's ranking holds the deck's cards only")
        // The same on a replica restored from the log and from a checkpoint.
        let records = h.log.map { LogRecord(at: 0, room: h.code, event: $0) }
        #expect(try Room.restore(from: records).durableState == room.durableState)
        #expect(Room(restoring: try RoomCheckpoint.decoded(room.checkpoint.encoded())).durableState == room.durableState)
    }

    @Test func aRoundSendsEveryoneTheRoundsCardsAndOlderVersionsTooAsTheirDeck() throws {
        var h = Self.room()
        Self.vote(&h, [(.right, .right), (.right, .right), (.left, .left)])
        h.inbox = [:]
        Self.finalRound(&h)
        for member in ["m1", "m2"] as [MemberID] {
            let welcome = try #require(h.welcome(member))   // the harness reads as a protocol-1 client
            #expect(welcome.room.finalRound == FinalRoundInfo(round: 1, cards: ["pho", "tacos"]))
            #expect(welcome.room.visible.map(\.id) == ["pho~r1", "tacos~r1"])
            #expect(welcome.room.visible.map(\.title) == ["Pho", "Tacos"])
            #expect(welcome.room.totalCards == 2 && welcome.room.remaining == 2)
            #expect(welcome.room.phase == .voting)
        }
        #expect(h.received("m2", "winner").isEmpty)
        Self.vote(&h, [(.right, .right), (.left, .right)])
        #expect(h.received("m2", "winner").isEmpty, "protocol 1 is not sent winner")
        #expect(h.effects.contains(.broadcast(.winner(Winner(card: Self.cards[0], decidedBy: .votes, round: 1)), except: nil)))
        let results = try #require(h.received("m2", "results").last)
        guard case let .results(final) = results else { return }
        #expect(final.winner == "pho" && final.final)
    }

    @Test func exactlyOneMatchIsTheWinnerAtOnce() throws {
        var h = Self.room()
        Self.vote(&h, [(.right, .right), (.left, .left), (.left, .right)])
        #expect(h.room?.winner == WinnerState(card: "pho", decidedBy: .onlyMatch, round: 0))
        #expect(h.log.contains(.winnerDecided(card: "pho", decidedBy: .onlyMatch, round: 0)))
        Self.finalRound(&h)
        #expect(try #require(h.lastError("m1")).message == "host finalRound: \"Pho\" already won")
    }

    /// (how the room gets there, who asks, the refusal)
    @Test func refusalsSayWhy() throws {
        var unfinished = Self.room()
        Self.finalRound(&unfinished)
        #expect(try #require(unfinished.lastError("m1")).message.contains("the deck is not done yet"))
        var free = Self.room(pacing: .free)
        Self.finalRound(&free)
        #expect(try #require(free.lastError("m1")).message.contains("only lockstep rooms"))
        var single = RoomHarness(CreateRoom(name: "Ann", cards: [Self.cards[0]], rule: .unanimous))
        single.join("Bo")
        single.send("m1", .host(HostCommand(command: .start)))
        Self.vote(&single, [(.right, .left)])
        Self.finalRound(&single)
        #expect(try #require(single.lastError("m1")).message.contains("nothing to decide between: the deck has one card; accept it instead"))
        var member = Self.room()
        Self.vote(&member, [(.right, .right), (.right, .right), (.left, .left)])
        member.send("m2", .host(HostCommand(command: .finalRound)))
        #expect(try #require(member.lastError("m2")).code == .notHost)
    }

    @Test func revealDuringARoundDecidesAtOnce() throws {
        var h = Self.room()
        Self.vote(&h, [(.right, .right), (.right, .right), (.right, .right)])
        Self.finalRound(&h)
        Self.vote(&h, [(.right, .left)])   // pho 1 like; tacos and curry not voted
        h.send("m1", .host(HostCommand(command: .reveal)))
        #expect(h.room?.winner == WinnerState(card: "pho", decidedBy: .votes, round: 1))
        #expect(h.room?.rounds.count == 1)
        #expect(h.room?.checkInvariants() == [])
    }

    /// Property: whatever the votes, a final round ends with exactly one winner among its first
    /// cards, each round over fewer cards than the last, and a restore from the log or a
    /// checkpoint at any point agrees with the live room.
    @Test(arguments: Array(1...40) as [UInt64])
    func aFinalRoundAlwaysEndsWithOneWinner(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let count = 2 + random.index(below: 5)
        let cards = (0..<count).map { Card(id: CardID("c\($0)"), title: "Card \($0)") }
        var h = RoomHarness(CreateRoom(name: "Ann", cards: cards, rule: [.majority, .unanimous, .approval][random.index(below: 3)]))
        let voters = 1 + random.index(below: 4)
        for i in 1..<voters { h.join("V\(i)") }
        h.send("m1", .host(HostCommand(command: .start)))
        func voteRandomly() {
            guard let card = h.room?.currentCard?.id else { return }
            for member in h.members {
                h.swipe(member, card, [.left, .right, .up][random.index(below: 3)])
            }
        }
        while h.room?.phase == .voting { voteRandomly() }
        let candidates = try #require(h.room).finalRoundCandidates
        guard candidates.count > 1 else {
            #expect(h.room?.winner == nil || h.room?.matches.count == 1)
            return
        }
        Self.finalRound(&h)
        var steps = 0
        while h.room?.phase == .voting, steps < 200 {
            voteRandomly()
            steps += 1
            let live = try #require(h.room)
            #expect(live.checkInvariants() == [])
            let records = h.log.map { LogRecord(at: 0, room: h.code, event: $0) }
            #expect(try Room.restore(from: records).durableState == live.durableState)
            #expect(Room(restoring: try RoomCheckpoint.decoded(live.checkpoint.encoded())).durableState == live.durableState)
        }
        let room = try #require(h.room)
        let winner = try #require(room.winner, "seed \(seed): no winner after \(steps) steps")
        #expect(candidates.contains(winner.card))
        #expect(zip(room.rounds, room.rounds.dropFirst()).allSatisfy { $1.candidates.count < $0.candidates.count })
        #expect(room.rounds.first?.candidates == candidates)
    }
}
