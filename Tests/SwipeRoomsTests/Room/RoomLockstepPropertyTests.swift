import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Random lockstep sessions of four voters who vote, undo, drop and come back in a seeded order.
/// After every step: a card never resolved while an online voter had not voted on it (unless the
/// quorum, the timer or a skip decided), and `voted ≤ eligible` on the current card.
@Suite struct RoomLockstepPropertyTests {
    @Test(arguments: Array(1...12) as [UInt64])
    func aLockstepCardWaitsForEveryOnlineVoter(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func roll(_ bound: Int) -> Int { Int(random.next() % UInt64(max(bound, 1))) }
        let rules: [VoteRule] = [.majority, .unanimous, .atLeast(likes: 2), .approval]
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: rules[roll(rules.count)], pacing: .lockstep))
        for name in ["Bo", "Cy", "Di"] { h.join(name) }
        h.send("m1", .host(HostCommand(command: .start)))
        var resolutions = 0
        for step in 0..<300 {
            guard let room = h.room, room.phase == .voting, let card = room.currentCard else { break }
            let member = room.members[roll(room.members.count)]
            var decidedByTimerOrSkip = false
            h.effects = []   // a step that does nothing must not re-check the last step's effects
            let action = roll(10)
            switch action {
            case 0...4:
                if member.online { h.swipe(member.id, card.id, [SwipeDirection.right, .left, .up][roll(3)]) }
            case 5: if member.online { h.send(member.id, .undo(UndoVote())) }
            case 6, 7: if member.online { h.disconnect(member.id) }
            case 8: if !member.online { h.join(member.name, token: member.token) }
            default:
                if roll(4) == 0, room.members.first?.online == true {
                    h.send("m1", .host(HostCommand(command: .skip)))
                    decidedByTimerOrSkip = true
                }
            }
            for case let .append(record) in h.effects { if case .cardResolved = record.event { resolutions += 1 } }
            let early = decidedByTimerOrSkip ? [] : RoomInvariantsFuzzTests.resolvedWhileAnOnlineVoterHadNotVoted(h.effects, in: h.room)
            #expect(early.isEmpty, "seed \(seed) step \(step) action \(action) by \(member.id): \(early) after \(h.effects.map { "\($0)".prefix(90) })")
            if let tally = h.room?.currentTally { #expect(tally.voted <= tally.eligible, "step \(step): \(tally)") }
            if !early.isEmpty { return }
        }
        #expect(resolutions > 0, "the session decided nothing: the property was never exercised")
    }
}
