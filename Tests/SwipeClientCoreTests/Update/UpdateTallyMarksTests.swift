import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// Protocol 2: a vote's marks arrive in its tally; the sidebar shows them without a memberUpdated.
@Suite struct UpdateTallyMarksTests {
    @Test func aTallyWithAVoterMarksThatMember() {
        var model = Fixtures.model(pacing: .lockstep)
        let bo = MemberInfo(id: "m2", name: "Bo", role: .member, online: true, votedCurrent: true, votesCast: 5)
        update(&model, .server(.tally(Tally(card: "dune", likes: 2, voted: 2, eligible: 2).followingVote(of: bo))))
        let marked = model.room?.members.first { $0.id == "m2" }
        #expect(marked?.votedCurrent == true)
        #expect(marked?.votesCast == 5)
        #expect(model.room?.tallies.first { $0.card == "dune" }?.voted == 2)
    }

    @Test func anUndoClearsTheMark() {
        var model = Fixtures.model(pacing: .lockstep)
        let ann = MemberInfo(id: "m1", name: "Ann", role: .host, online: true, votedCurrent: false, votesCast: 0)
        update(&model, .server(.tally(Tally(card: "dune", voted: 0, eligible: 2).followingVote(of: ann))))
        #expect(model.room?.members.first { $0.id == "m1" }?.votedCurrent == false)
    }
}
