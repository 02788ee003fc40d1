import Foundation
import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

@Suite struct RoomLockstepTests {
    /// Ann (host) creates a movies room; Bo and Cy join; the host starts it.
    static func started(rule: VoteRule = .majority, timer: Double? = nil, quorum: Int? = nil) -> RoomHarness {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: rule, pacing: .lockstep, timerSeconds: timer, quorum: quorum))
        h.join("Bo")
        h.join("Cy")
        h.send("m1", .host(HostCommand(command: .start)))
        return h
    }

    @Test func threeVotesResolveTheCardAsAMatchForEveryone() throws {
        var h = Self.started()
        h.swipe("m1", "dune", .right)
        h.swipe("m2", "dune", .up)
        #expect(h.received("m3", "cardResolved").isEmpty)
        h.swipe("m3", "dune", .left)
        for member: MemberID in ["m1", "m2", "m3"] {
            guard case let .cardResolved(resolved)? = h.received(member, "cardResolved").last else {
                Issue.record("\(member) saw no cardResolved"); continue
            }
            #expect(resolved.outcome == .match)
            #expect(resolved.tally == Tally(card: "dune", likes: 1, nopes: 1, superLikes: 1, voted: 3, eligible: 3))
            #expect(resolved.visible.first?.id == "amelie")
            #expect(h.received(member, "match").count == 1)
            #expect(h.received(member, "animation").contains { if case let .animation(a) = $0 { a.kind == .flyOff && a.card == "dune" } else { false } })
        }
        #expect(h.room?.currentIndex == 1)
    }

    /// The room emits a resolution as one message (protocol 3's); the shell splits it for older versions.
    @Test func aResolutionIsOneBroadcastCarryingItsAnimationsAndMatch() throws {
        var h = Self.started()
        h.swipe("m1", "dune", .right)
        h.swipe("m2", "dune", .right)
        h.swipe("m3", "dune", .right)
        let messages = h.effects.compactMap { effect -> ServerMessage? in
            switch effect {
            case let .broadcast(message, _), let .broadcastToProtocol1(message, _), let .send(message, _): message
            case .bind, .reply, .close, .scheduleTimer, .cancelTimer, .append: nil
            }
        }
        #expect(!messages.contains { $0.type == "animation" || $0.type == "match" }, "\(messages.map(\.type))")
        let resolutions = messages.compactMap { if case let .cardResolved(r) = $0 { r } else { nil } }
        #expect(resolutions.count == 1)
        let resolved = try #require(resolutions.first)
        #expect(resolved.matched?.id == "dune")
        let animations = try #require(resolved.animations)
        #expect(animations.first?.kind == .flyOff && animations.first?.card == "dune")
        #expect(animations.dropFirst().allSatisfy { $0.kind == .reflow || $0.kind == .appear })
        #expect(animations.dropFirst().map(\.card) == Array(resolved.visible.prefix(animations.count - 1).map(\.id)))
    }

    @Test func everyAcceptedVoteIsLoggedBeforeItsAck() throws {
        var h = Self.started()
        h.swipe("m2", "dune", .right)
        let appendIndex = try #require(h.effects.firstIndex { if case .append = $0 { true } else { false } })
        let ackIndex = try #require(h.effects.firstIndex { if case .send(.voteAccepted, _) = $0 { true } else { false } })
        #expect(appendIndex < ackIndex)
        #expect(h.log.last == .voteCast(member: "m2", card: "dune", vote: .like, seq: nil))
    }

    /// Rule table: three voters' votes on the first card → outcome.
    @Test(arguments: [
        (VoteRule.unanimous, [SwipeDirection.right, .right, .right], CardOutcome.match),
        (.unanimous, [.right, .up, .left], .noMatch),
        (.majority, [.right, .right, .left], .match),
        (.majority, [.right, .left, .left], .noMatch),
        (.majority, [.up, .left, .left], .match),          // super-like counts double: 2 of 3
        (.atLeast(likes: 3), [.right, .right, .left], .noMatch),
        (.atLeast(likes: 3), [.up, .right, .left], .match),
        (.approval, [.right, .right, .right], .noMatch),
    ])
    func rulesDecideTheOutcome(rule: VoteRule, directions: [SwipeDirection], expected: CardOutcome) {
        var h = Self.started(rule: rule)
        for (member, direction) in zip([MemberID("m1"), "m2", "m3"], directions) { h.swipe(member, "dune", direction) }
        guard case let .cardResolved(resolved)? = h.received("m1", "cardResolved").last else {
            Issue.record("no cardResolved"); return
        }
        #expect(resolved.outcome == expected)
    }

    @Test func aQuorumResolvesBeforeEveryoneVoted() {
        var h = Self.started(quorum: 2)
        h.swipe("m1", "dune", .right)
        h.swipe("m2", "dune", .right)
        #expect(h.room?.currentIndex == 1)
    }

    @Test func theHostsTimerResolvesTheCard() {
        var h = Self.started(rule: .atLeast(likes: 2), timer: 10)
        #expect(h.effects.contains(.scheduleTimer(at: 10_000)))
        #expect(h.received("m2", "phase") == [.phase(PhaseChanged(phase: .voting, deadline: 10_000))])
        h.swipe("m2", "dune", .right)
        h.fireTimer(at: 9_999)
        #expect(h.room?.currentIndex == 0)
        h.fireTimer(at: 10_000)
        guard case let .cardResolved(resolved)? = h.received("m3", "cardResolved").last else { Issue.record("no resolution"); return }
        #expect(resolved.outcome == .timedOut)
        #expect(h.effects.contains(.scheduleTimer(at: 20_000)))
    }

    @Test func aMemberGoingOfflineLetsTheOthersVotesDecide() {
        var h = Self.started()
        h.swipe("m1", "dune", .right)
        h.swipe("m2", "dune", .right)
        h.disconnect("m3")
        #expect(h.received("m1", "memberOffline") == [.memberOffline(MemberRef(member: "m3"))])
        #expect(h.room?.currentIndex == 1)
    }

    @Test func undoTakesBackAVoteUntilTheCardResolves() {
        var h = Self.started()
        h.swipe("m2", "dune", .right)
        h.send("m2", .undo(UndoVote()))
        #expect(h.received("m2", "voteAccepted").last == .voteAccepted(VoteAccepted(card: "dune", vote: nil, seq: nil, undone: true)))
        #expect(h.received("m1", "tally").last.map { if case let .tally(t) = $0 { ServerMessage.tally(t.counts) } else { $0 } } == .tally(Tally(card: "dune", voted: 0, eligible: 3)))
        h.send("m2", .undo(UndoVote()))
        #expect(h.lastError("m2")?.code == .nothingToUndo)
        h.swipe("m2", "dune", .left)
        #expect(h.lastError("m2")?.code == .nothingToUndo)   // no new error: the vote went through
        #expect(h.received("m2", "voteAccepted").count == 3)
    }

    @Test func mistakesGetErrorsNamingWhatWasWrong() {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", pacing: .lockstep))
        h.join("Bo")
        h.join("Sam", role: .spectator)
        h.swipe("m2", "dune", .right)
        #expect(h.lastError("m2")?.code == .notAllowed)
        h.send("m2", .host(HostCommand(command: .start)))
        #expect(h.lastError("m2")?.code == .notHost)
        h.send("m1", .host(HostCommand(command: .start)))
        h.swipe("m2", "nope-card", .right)
        #expect(h.lastError("m2") == ProtocolError(.unknownCard, "swipe: no card \"nope-card\" in this room's deck"))
        h.swipe("m2", "amelie", .right)
        #expect(h.lastError("m2")?.code == .notCurrentCard)
        h.swipe("m3", "dune", .right)
        #expect(h.lastError("m3")?.code == .notAllowed)
        h.swipe("m2", "dune", .right)
        h.swipe("m2", "dune", .left)
        #expect(h.lastError("m2")?.code == .alreadyVoted)
        h.swipe("m1", "dune", .right)
        h.swipe("m1", "dune", .right)
        #expect(h.lastError("m1")?.code == .cardResolved)
        h.send("m1", .host(HostCommand(command: .kick, member: "m9")))
        #expect(h.lastError("m1")?.code == .unknownMember)
    }

    @Test func aResentSwipeWithTheSameSeqIsAcknowledgedOnce() {
        var h = Self.started()
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 7)))
        h.send("m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 7)))
        #expect(h.received("m2", "voteAccepted").count == 2)
        #expect(h.room?.tally(of: "dune").voted == 1)
        #expect(h.lastError("m2") == nil)
    }

    @Test func skipRevealAndKick() {
        var h = Self.started()
        h.send("m1", .host(HostCommand(command: .skip)))
        guard case let .cardResolved(resolved)? = h.received("m2", "cardResolved").last else { Issue.record("no skip"); return }
        #expect(resolved.outcome == .skipped)
        h.send("m1", .host(HostCommand(command: .kick, member: "m3")))
        #expect(h.received("m3", "roomClosed") == [.roomClosed(RoomClosed(reason: "kicked"))])
        #expect(h.closed.contains { $0.0 == "m3" })
        #expect(h.received("m2", "memberLeft") == [.memberLeft(MemberRef(member: "m3"))])
        h.send("m1", .host(HostCommand(command: .reveal)))
        guard case let .results(results)? = h.received("m2", "results").last else { Issue.record("no results"); return }
        #expect(results.final)
        #expect(results.ranking.count == 8)
        #expect(h.room?.phase == .finished)
    }

    @Test func playingTheWholeDeckFinishesWithRankedResults() {
        var h = Self.started(rule: .unanimous)
        let cards = h.room?.cards.map(\.id) ?? []
        for (index, card) in cards.enumerated() {
            let direction: SwipeDirection = index == 2 ? .right : .left
            h.swipe("m1", card, direction)
            h.swipe("m2", card, index == 2 ? .up : .left)
            h.swipe("m3", card, direction)
        }
        guard case let .results(results)? = h.received("m3", "results").last else { Issue.record("no results"); return }
        #expect(results.final)
        #expect(results.ranking.first?.card == cards[2])
        #expect(results.ranking.first?.matched == true)
        #expect(results.ranking.first?.votes == ["Ann": .like, "Bo": .superLike, "Cy": .like])
        #expect(h.room?.phase == .finished)
        #expect(h.received("m1", "phase").last == .phase(PhaseChanged(phase: .finished)))
    }
}

@Suite struct LogRecordTests {
    @Test func theCreationRecordCarriesWhatARebuildNeedsAndRoundTripsAsJSON() throws {
        let h = RoomLockstepTests.started(timer: 20, quorum: 2)
        guard case let .roomCreated(deck, cards, rule, pacing, timer, quorum, _, _)? = h.log.first else {
            Issue.record("the first record is not roomCreated"); return
        }
        #expect(deck == "movies")
        #expect(cards.first?.title == "Dune")
        #expect(rule == .majority)
        #expect(pacing == .lockstep)
        #expect(timer == 20)
        #expect(quorum == 2)
        for event in h.log {
            let record = LogRecord(at: 1, room: h.code, event: event)
            let data = try JSONEncoder().encode(record)
            #expect(try JSONDecoder().decode(LogRecord.self, from: data) == record)
        }
    }
}
