import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// "N/M voted" counts who may vote as the room is now, not as it was when a tally was sent.
@Suite struct AppModelEligibleVotersTests {
    @Test(arguments: [(Pacing.lockstep, 2), (Pacing.free, 3)])
    func countsVotersTheWayTheServerDoes(pacing: Pacing, expected: Int) {
        // Fixtures: Ann (host, online), Bo (online), Cy (offline).
        #expect(Fixtures.model(pacing: pacing).eligibleVoters == expected)
    }

    /// Cy voted on the current card and then dropped: his vote still counts, so he does too.
    @Test func anOfflineMemberWhoVotedStillCounts() {
        var model = Fixtures.model(pacing: .lockstep)
        update(&model, .server(.memberUpdated(MemberInfo(id: "m3", name: "Cy", role: .member, online: false, votedCurrent: true))))
        #expect(model.eligibleVoters == 3)
    }

    @Test func spectatorsDoNotCount() {
        var model = Fixtures.model(pacing: .free)
        update(&model, .server(.memberJoined(MemberInfo(id: "m4", name: "Di", role: .spectator, online: true))))
        #expect(model.eligibleVoters == 3)
    }

    /// The free-pacing case seen in a live session: a tally from a room of one, then a second voter
    /// joins; the sidebar must not keep saying "0/1".
    @Test func aStaleTallyIsShownWithTodaysVoters() {
        var model = Fixtures.model(pacing: .free)
        update(&model, .server(.tally(Tally(card: "dune", voted: 0, eligible: 1))))
        let sidebar = view(model, size: TermSize(columns: 100, rows: 30)).plainText
        #expect(sidebar.contains("0/3 voted"), "\(sidebar)")
        #expect(!sidebar.contains("0/1 voted"))
    }
}
