import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Rooms with a closing time (`Room+Closing.swift`): sealed votes until the close, one decision at
/// it with nobody online, and the close across a restart. Time is injected throughout.
@Suite struct RoomClosingTimeTests {
    static let cards = RoomFinalRoundTests.cards   // pho, tacos, curry
    /// 2026-11-29T10:00:00Z: the wall clock at server time 0 in these tests.
    static let wallAtZero: ServerTime = 1_795_946_400_000
    /// Two hours after server time 0.
    static let closesAt = "2026-11-29T12:00:00Z"
    static let closeDeadline: ServerTime = 2 * 3_600_000

    static var limits: RegistryLimits {
        var limits = RegistryLimits()
        limits.wallClockAtZero = wallAtZero
        return limits
    }

    /// Ann (host) and Bo in a free room over the three cards that closes at 12:00.
    static func room(rule: VoteRule = .majority) -> RoomHarness {
        var h = RoomHarness(CreateRoom(name: "Ann", cards: cards, rule: rule, closesAt: closesAt), limits: limits)
        h.join("Bo")
        return h
    }

    /// Each member votes on the cards in deck order, `votes` giving Ann's and Bo's directions per card (nil: no vote).
    static func vote(_ h: inout RoomHarness, _ votes: [(SwipeDirection?, SwipeDirection?)]) {
        for (index, (ann, bo)) in votes.enumerated() {
            if let ann { h.swipe("m1", cards[index].id, ann) }
            if let bo { h.swipe("m2", cards[index].id, bo) }
            #expect(h.lastError("m1") == nil && h.lastError("m2") == nil, "every vote is taken")
        }
    }

    @Test func aRoomWithAClosingTimeIsFreePacedAndWakesForItsClose() throws {
        let h = Self.room()
        let room = try #require(h.room)
        #expect(room.settings.pacing == .free && room.phase == .voting && room.isSealed)
        #expect(room.closeDeadline == Self.closeDeadline)
        #expect(room.nextWakeup == Self.closeDeadline)
        #expect(h.welcome("m2")?.room.closesAt == Self.closesAt)
    }

    @Test func votesAreSealedUntilTheClose() throws {
        var h = Self.room()
        h.swipe("m1", "pho", .right)
        // Alone in a majority room, Ann's like would be a match at once without a closing time.
        #expect(h.room?.matches == [] && h.room?.phase == .voting)
        #expect(h.received("m2", "tally").isEmpty)
        let progress = h.received("m2", "memberUpdated").compactMap { if case let .memberUpdated(info) = $0 { info } else { nil } }
        #expect(progress.last?.id == "m1" && progress.last?.votesCast == 1)
        // A member joining now sees the cards and the progress, not the tallies.
        let joined = h.join("Cy")
        let cy = try #require(joined)
        let welcome = try #require(h.welcome(cy))
        #expect(welcome.room.tallies.isEmpty && welcome.room.visible.map(\.id) == ["pho", "tacos", "curry"])
        #expect(welcome.room.members.first { $0.id == "m1" }?.votesCast == 1)
        // Results while open: the closing time, no ranking.
        h.send(cy, .results)
        guard case let .results(results)? = h.received(cy, "results").last else { Issue.record("no results"); return }
        #expect(results.sealed == true && results.ranking.isEmpty && results.closesAt == Self.closesAt && !results.final)
    }

    @Test func aMemberMayUndoUntilTheClose() {
        var h = Self.room()
        h.swipe("m2", "pho", .left)
        h.send("m2", .undo(UndoVote(card: "pho")))
        #expect(h.lastError("m2") == nil)
        h.swipe("m2", "pho", .right)
        h.swipe("m1", "pho", .right)
        h.fireTimer(at: Self.closeDeadline)
        #expect(h.room?.matches == ["pho"])
    }

    /// (the ending, the rule, each card's votes by Ann and Bo, the winner, how)
    static let endings: [(String, VoteRule, [(SwipeDirection?, SwipeDirection?)], CardID, WinnerReason)] = [
        ("the only match", .majority, [(.right, .right), (.left, .left), (.left, .right)], "pho", .onlyMatch),
        ("one voter on a card: the rule over the votes cast", .unanimous, [(.left, .left), (.left, .right), (.right, nil)], "curry", .onlyMatch),
        ("several matches: the ranking's first", .majority, [(.right, .right), (.up, .right), (.left, .left)], "tacos", .leadingMatch),
        ("no match: the ranking's first", .unanimous, [(.right, .left), (.left, .left), (.up, .left)], "curry", .leadingCard),
        ("matches level at the top: the tie-break (deck order)", .majority, [(.right, .right), (.right, .right), (.left, .left)], "pho", .tieBreak),
        ("no vote at all: the tie-break", .majority, [], "pho", .tieBreak),
    ]

    @Test(arguments: endings.indices)
    func theCloseDecidesOneWinnerWithNobodyOnline(_ index: Int) throws {
        let (name, rule, votes, winner, how) = Self.endings[index]
        var h = Self.room(rule: rule)
        Self.vote(&h, votes)
        h.disconnect("m1")
        h.disconnect("m2")
        #expect(h.room?.isDeserted == true, "\(name)")
        h.fireTimer(at: Self.closeDeadline - 1)
        #expect(h.room?.phase == .voting, "\(name): not before its time")
        h.fireTimer(at: Self.closeDeadline)
        let room = try #require(h.room)
        let results = room.results()
        #expect(room.phase == .finished && results.final, "\(name)")
        #expect(results.winner == winner && results.decidedBy == how, "\(name)")
        #expect(results.closesAt == Self.closesAt && results.sealed == nil)
        #expect(h.log.contains(.winnerDecided(card: winner, decidedBy: how, round: 0)), "\(name)")
        #expect(room.nextWakeup == nil, "\(name): nothing more to wake for")
    }

    @Test func membersOnlineSeeTheWinnerAndLateVotesAreRefused() throws {
        var h = Self.room()
        h.swipe("m1", "pho", .right)
        h.swipe("m2", "pho", .right)
        h.fireTimer(at: Self.closeDeadline)
        let results = h.received("m2", "results")
        guard case let .results(final)? = results.last else { Issue.record("no results at the close"); return }
        #expect(final.final && final.winner == "pho" && final.ranking.first?.likes == 2)
        h.swipe("m2", "tacos", .right)
        #expect(h.lastError("m2")?.code == .notAllowed)
        #expect(h.lastError("m2")?.message.contains("closed") == true)
        h.send("m2", .undo(UndoVote(card: "pho")))
        #expect(h.lastError("m2")?.code == .cardResolved)
        // Someone who joins after the close sees the decision in welcome.
        let joinedLate = h.join("Di")
        let late = try #require(joinedLate)
        #expect(h.welcome(late)?.room.phase == .finished && h.welcome(late)?.room.winner?.card.id == "pho")
    }

    @Test func theHostMayCloseEarly() throws {
        var h = Self.room()
        h.swipe("m2", "pho", .left)
        h.swipe("m2", "tacos", .right)
        #expect(h.lastError("m2") == nil)
        h.send("m2", .host(HostCommand(command: .reveal)))
        #expect(h.lastError("m2")?.code == .notHost)
        h.send("m1", .host(HostCommand(command: .reveal)))
        #expect(h.room?.phase == .finished && h.room?.results().winner == "tacos")
        #expect(h.room?.results().decidedBy == .onlyMatch)
    }

    @Test func aRestartPastTheClosingTimeClosesFirstThing() throws {
        var h = Self.room()
        Self.vote(&h, [(.right, .right), (.up, .right), (.left, .left)])
        // Rebuild the room from its checkpoint as a store would, in a registry started later.
        var room = try #require(h.room)
        let saved = room.checkpoint
        var limits = Self.limits
        limits.wallClockAtZero = Self.wallAtZero + 3 * 3_600_000   // the server came back at 13:00
        var restarted = RoomRegistry(library: .bundled(), limits: limits, random: SeededRandom(seed: 7))
        let report = try restarted.restore(checkpoints: [saved], tail: [], at: 0)
        let wake = report.effects[h.code]?.compactMap { if case let .scheduleTimer(at) = $0 { at } else { nil } }.first
        #expect(wake == 0, "due at once: its closing time went by while the server was down")
        let effects = restarted.handle(.timerFired, in: h.code, at: 0)
        #expect(effects.contains(.append(LogRecord(at: 0, room: h.code, event: .winnerDecided(card: "tacos", decidedBy: .leadingMatch, round: 0)))))
        #expect(restarted.room(h.code)?.phase == .finished)
    }

    @Test func theClosingTimeSurvivesTheLogAndTheCheckpoint() throws {
        let h = Self.room()
        var room = try #require(h.room)
        let decoded = try RoomCheckpoint.decoded(room.checkpoint.encoded())
        #expect(decoded.settings.closesAt == room.settings.closesAt)
        guard case let .roomCreated(_, _, _, pacing, _, _, _, closesAt)? = h.log.first else { Issue.record("no roomCreated"); return }
        #expect(pacing == .free && closesAt == Self.wallAtZero + Self.closeDeadline)
        let records = h.log.map { LogRecord(at: 0, room: h.code, event: $0) }
        let replayed = try Room.restore(from: records)
        #expect(replayed.settings.closesAt == room.settings.closesAt && replayed.isSealed)
    }

    /// (the create, what the refusal names)
    static let refusals: [(CreateRoom, String)] = [
        (CreateRoom(name: "Ann", deck: "movies", closesAt: "tomorrow"), "ISO 8601"),
        (CreateRoom(name: "Ann", deck: "movies", closesAt: "2026-11-29T09:00:00Z"), "not in the future"),
        (CreateRoom(name: "Ann", deck: "movies", closesAt: "2026-12-31T12:00:00Z"), "--max-room-open"),
        (CreateRoom(name: "Ann", deck: "movies", pacing: .lockstep, closesAt: closesAt), "free-paced"),
        (CreateRoom(name: "Ann", deck: "movies", pacing: .free, timerSeconds: 30, closesAt: closesAt), "timerSeconds"),
        (CreateRoom(name: "Ann", closesAt: closesAt), "deck"),
    ]

    @Test(arguments: refusals.indices)
    func aBadClosingTimeIsRefusedNamingTheLimit(_ index: Int) {
        let (request, named) = Self.refusals[index]
        let h = RoomHarness(request, limits: Self.limits)
        guard case let .error(error)? = h.lastReply else { Issue.record("not refused: \(request)"); return }
        #expect(error.code == (named == "deck" ? .missingField : .badField))
        #expect(error.message.contains(named), "\(error.message)")
    }

    @Test func anOpenRoomIsNeverAbandonedAndADecidedOneIsKeptThenForgotten() {
        var h = Self.room()
        h.disconnect("m1")
        h.disconnect("m2")
        let day: ServerTime = 86_400_000
        let keep = 7 * day
        #expect(h.registry.evictAbandoned(idle: 30 * 60_000, unjoinedIdle: 120_000, keepDecided: keep, at: Self.closeDeadline - 1).isEmpty)
        h.fireTimer(at: Self.closeDeadline)
        #expect(h.registry.evictAbandoned(idle: 30 * 60_000, keepDecided: keep, at: Self.closeDeadline + keep - 1).isEmpty)
        #expect(h.registry.evictAbandoned(idle: 30 * 60_000, keepDecided: keep, at: Self.closeDeadline + keep) == [h.code])
    }

    @Test func protocol4IsToldAcceptedForTheNewEndings() {
        let winner = Winner(card: Card(id: "pho", title: "Pho"), decidedBy: .leadingCard, round: 0)
        #expect(ServerMessage.winner(winner).asSent(toProtocol: 4) == [.winner(Winner(card: winner.card, decidedBy: .accepted, round: 0))])
        #expect(ServerMessage.winner(winner).asSent(toProtocol: 5) == [.winner(winner)])
        #expect(ServerMessage.winner(winner).asSent(toProtocol: 3) == [])
    }
}
