// Needs a test target in Package.swift: .testTarget(name: "SwipeBenchTests", dependencies: ["swipe-bench"]).
import SwipeProtocol
import Testing
@testable import swipe_bench

@Suite struct LoadRoomTests {
    let ms: UInt64 = 1_000_000

    func votingRoom(members: Int) -> LoadRoom {
        var room = LoadRoom(index: 0, members: members, cards: LoadRoom.inlineDeck(count: 5), voteInterval: 100 * 1_000_000)
        for slot in 0..<members { _ = room.handle(.connected(slot: slot), at: 0) }
        for slot in 0..<members { _ = room.handle(.welcome(slot: slot, room: "ABCDE"), at: 0) }
        return room
    }

    @Test func hostCreatesAndMembersJoinOnceTheCodeIsKnown() {
        var room = LoadRoom(index: 3, members: 3, cards: LoadRoom.inlineDeck(count: 2), voteInterval: 0)
        #expect(room.handle(.connected(slot: 1), at: 0) == [])
        guard case .send(0, .create(let create))? = room.handle(.connected(slot: 0), at: 0).first else {
            Issue.record("the host should create")
            return
        }
        #expect(create.cards?.map(\.id.rawValue) == ["c0", "c1"])
        #expect(room.handle(.welcome(slot: 0, room: "ABCDE"), at: 0)
            == [.send(slot: 1, .join(JoinRoom(room: "ABCDE", name: "bench3-1")))])
        #expect(room.handle(.connected(slot: 2), at: 0) == [.send(slot: 2, .join(JoinRoom(room: "ABCDE", name: "bench3-2")))])
        _ = room.handle(.welcome(slot: 1, room: "ABCDE"), at: 0)
        #expect(room.handle(.welcome(slot: 2, room: "ABCDE"), at: 0) == [.send(slot: 0, .host(HostCommand(command: .start)))])
    }

    @Test func aVoteCompletesWhenTheLastMemberSeesItsTally() {
        var room = votingRoom(members: 3)
        let started = room.handle(.votingStarted(slot: 0), at: 10 * ms)
        #expect(started.contains(.send(slot: 1, .swipe(SwipeVote(card: "c0", direction: .left)))))
        #expect(room.handle(.tally(slot: 0, card: "c0", voted: 1), at: 12 * ms) == [])
        #expect(room.handle(.tally(slot: 1, card: "c0", voted: 1), at: 13 * ms) == [])
        #expect(room.handle(.tally(slot: 2, card: "c0", voted: 2), at: 13 * ms) == [])   // not this vote's tally
        #expect(room.handle(.tally(slot: 2, card: "c0", voted: 1), at: 15 * ms) == [.voteLatency(nanoseconds: 5 * ms)])
        #expect(room.pendingVote == nil)
    }

    @Test func theDraggerVotesLastAndTheCardAdvances() {
        var room = votingRoom(members: 2)
        _ = room.handle(.votingStarted(slot: 0), at: 0)
        for slot in 0..<2 { _ = room.handle(.tally(slot: slot, card: "c0", voted: 1), at: ms) }
        let second = room.handle(.tick, at: 200 * ms)
        #expect(second.contains(.send(slot: 0, .swipe(SwipeVote(card: "c0", direction: .right)))))
        for slot in 0..<2 { _ = room.handle(.tally(slot: slot, card: "c0", voted: 2), at: 201 * ms) }
        #expect(room.currentCard == "c1")
    }

    @Test func votesWaitForTheInterval() {
        var room = votingRoom(members: 2)
        _ = room.handle(.votingStarted(slot: 0), at: 0)
        for slot in 0..<2 { _ = room.handle(.tally(slot: slot, card: "c0", voted: 1), at: ms) }
        let early = room.handle(.tick, at: 50 * ms)
        #expect(!early.contains { if case .send(_, .swipe) = $0 { return true } else { return false } })
    }

    @Test func aRefusedVoteSkipsToTheNextCard() {
        var room = votingRoom(members: 3)
        _ = room.handle(.votingStarted(slot: 0), at: 0)
        let effects = room.handle(.serverError(slot: 1, code: "notCurrentCard", aboutVote: true), at: ms)
        #expect(effects.contains(.problem("vote refused")))
        #expect(room.pendingVote == nil)
        #expect(room.currentCard == "c1")
    }

    @Test func dragLatencyIsMatchedByTheEncodedX() {
        var room = votingRoom(members: 2)
        let effects = room.handle(.votingStarted(slot: 0), at: 100 * ms)
        guard let drag = effects.compactMap({ effect -> DragUpdate? in
            if case .send(0, .drag(let d)) = effect { return d } else { return nil }
        }).first else {
            Issue.record("expected a drag from the host")
            return
        }
        #expect(drag.phase == .began)
        #expect(room.handle(.cardState(slot: 1, x: drag.x), at: 103 * ms) == [.dragLatency(nanoseconds: 3 * ms)])
    }

    @Test func roomsSpreadTheirDragsOverTheInterval() {
        let offsets = (0..<100).map {
            LoadRoom(index: $0, members: 2, cards: LoadRoom.inlineDeck(count: 1), voteInterval: 0).phaseOffset(within: LoadRoom.dragInterval)
        }
        #expect(offsets.allSatisfy { $0 < LoadRoom.dragInterval })
        // Every third of the 33 ms period holds about a third of the rooms (no burst in one millisecond).
        let thirds = Dictionary(grouping: offsets) { $0 * 3 / LoadRoom.dragInterval }.mapValues(\.count)
        #expect(thirds.values.allSatisfy { (30...37).contains($0) }, "\(thirds)")

        var room = LoadRoom(index: 1, members: 2, cards: LoadRoom.inlineDeck(count: 5), voteInterval: 0)
        for slot in 0..<2 { _ = room.handle(.connected(slot: slot), at: 0) }
        for slot in 0..<2 { _ = room.handle(.welcome(slot: slot, room: "ABCDE"), at: 0) }
        let isDrag = { (effect: LoadRoom.Effect) -> Bool in if case .send(0, .drag) = effect { return true } else { return false } }
        #expect(!room.handle(.votingStarted(slot: 0), at: 0).contains(where: isDrag))
        #expect(room.handle(.tick, at: offsets[1]).contains(where: isDrag))
    }

    /// A tick whose clock reading is a little older than the vote's send time (two threads) must
    /// not take the vote for one that timed out.
    @Test func anEarlierClockReadingIsNotATimeout() {
        var room = votingRoom(members: 3)
        _ = room.handle(.votingStarted(slot: 0), at: 100 * ms)
        #expect(room.pendingVote != nil)
        let effects = room.handle(.tick, at: 99 * ms)
        #expect(!effects.contains(.problem("vote timed out")))
        #expect(room.pendingVote != nil)
        #expect(room.currentCard == "c0")
    }

    @Test func idleRoomsNeverStart() {
        var room = LoadRoom(index: 0, members: 2, cards: LoadRoom.inlineDeck(count: 1), voteInterval: 0, idle: true)
        _ = room.handle(.connected(slot: 0), at: 0)
        _ = room.handle(.welcome(slot: 0, room: "ABCDE"), at: 0)
        #expect(room.handle(.welcome(slot: 1, room: "ABCDE"), at: 0) == [])
        #expect(room.isFullyJoined)
    }
}
