import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// Your own vote is honoured on screen; the group's outcome is shown apart from it.
@Suite struct UpdateOutcomeTests {
    static let next = Card(id: "heat", title: "Heat")

    static func resolved(_ outcome: CardOutcome, likes: Int = 1, nopes: Int = 1) -> CardResolved {
        CardResolved(card: "dune", outcome: outcome, tally: Tally(card: "dune", likes: likes, nopes: nopes, voted: likes + nopes,
                                                                  eligible: likes + nopes),
                     visible: [Fixtures.cards[1], Fixtures.cards[2], next], remaining: 9)
    }

    static let serverFlyLeft = CardAnimation(card: "dune", kind: .flyOff, from: .identity,
                                             to: CardTransform(translation: Point(x: -500, y: 0)), curve: .linear, duration: 0.4,
                                             startAt: 50_000)

    /// Fixtures' tally is 1 of 2 voted, so Bo's vote is the last: the card leaves at once, his way.
    @Test(arguments: [(Key.right, SwipeDirection.right), (.left, .left), (.up, .up)])
    func theLastLockstepVoteLeavesAtOnceInMyDirection(_ key: Key, _ direction: SwipeDirection) {
        var model = Fixtures.model()
        update(&model, .key(key))
        #expect(model.topCard?.id == "amelie")
        #expect(model.leaving.map(\.card.id) == ["dune"])
        #expect(model.leaving.first?.direction == direction)
        if direction != .up { #expect(model.leaving.first?.motion.motion.from.rotation != 0, "a key vote leans as it flies") }
        #expect(model.playing["amelie"]?.motion.kind == .reflow)
    }

    @Test func theGroupsNoMatchDoesNotTurnMyLikeAround() {
        var model = Fixtures.model()
        update(&model, .key(.right))
        let flight = model.leaving
        update(&model, .tick(now: 1050))
        update(&model, .server(.animation(Self.serverFlyLeft)))
        update(&model, .server(.cardResolved(Self.resolved(.noMatch))))
        #expect(model.leaving == flight, "the fly-off started locally is neither restarted nor reversed")
        #expect(model.outcome?.text == "No match — 1/2 liked")
        #expect(model.room?.visible.map(\.id) == ["amelie", "spirited", "heat"])
        #expect(view(model, size: model.size).plainText.contains("No match — 1/2 liked"))
        update(&model, .tick(now: 1050 + OutcomeToast.duration + 1))
        #expect(model.outcome == nil)
    }

    @Test func aCardSentAheadComesBackWhenTheGroupStillWaits() {
        var model = Fixtures.model()
        update(&model, .key(.right))
        #expect(model.topCard?.id == "amelie")
        update(&model, .server(.tally(Tally(card: "dune", likes: 2, voted: 2, eligible: 3))))
        #expect(model.topCard?.id == "dune")
        #expect(model.leaving.isEmpty)
        #expect(model.playing["dune"]?.motion.kind == .revert)
        #expect(model.myVote(on: "dune") == .like)
    }

    @Test func aTallyOfEveryoneKeepsTheCardSentAhead() {
        var model = Fixtures.model()
        update(&model, .key(.right))
        update(&model, .server(.tally(Tally(card: "dune", likes: 2, voted: 2, eligible: 2))))
        #expect(model.topCard?.id == "amelie")
        update(&model, .server(.cardResolved(Self.resolved(.match, likes: 2, nopes: 0))))
        #expect(model.sentAhead == nil)
    }

    @Test func aResolutionAfterIVotedFliesTheCardMyWay() {
        var model = Fixtures.model()
        update(&model, .server(.tally(Tally(card: "dune", likes: 1, voted: 1, eligible: 3))))
        update(&model, .key(.right))
        #expect(model.leaving.isEmpty)
        update(&model, .server(.voteAccepted(VoteAccepted(card: "dune", vote: .like, seq: 1))))
        update(&model, .server(.cardResolved(Self.resolved(.noMatch, likes: 1, nopes: 2))))
        #expect(model.leaving.first?.direction == .right)
        #expect(model.outcome?.text == "No match — 1/3 liked")
    }

    @Test func theServersFlyOffForACardIVotedOnGoesMyWay() {
        var model = Fixtures.model()
        update(&model, .server(.tally(Tally(card: "dune", likes: 1, voted: 1, eligible: 3))))
        update(&model, .key(.up))
        update(&model, .server(.voteAccepted(VoteAccepted(card: "dune", vote: .superLike, seq: 1))))
        update(&model, .server(.animation(Self.serverFlyLeft)))
        #expect(model.leaving.first?.direction == .up)
        #expect(model.leaving.first?.motion.motion.to.translation.y ?? 0 < 0)
    }

    @Test func withoutMyVoteTheCardFollowsTheOutcome() {
        var model = Fixtures.model()
        update(&model, .server(.cardResolved(Self.resolved(.noMatch))))
        #expect(model.leaving.first?.direction == .left)
    }

    @Test func waitingForTheOthersIsSpeltOut() {
        var model = Fixtures.model()
        update(&model, .server(.tally(Tally(card: "dune", likes: 1, voted: 1, eligible: 4))))
        update(&model, .key(.right))
        update(&model, .server(.voteAccepted(VoteAccepted(card: "dune", vote: .like, seq: 1))))
        update(&model, .server(.tally(Tally(card: "dune", likes: 2, voted: 2, eligible: 4))))
        #expect(model.topCard?.id == "dune")
        let text = view(model, size: model.size).plainText
        #expect(text.contains("✓ You voted ♥ LIKE — waiting for 2 more · u undoes"))
    }

    /// Table: whether Cy (no vote) is online, whether Dee joined (online, no vote), and the tally
    /// after my vote → what the status line says about who the card waits for (Ann has voted):
    /// names when the count agrees and they are one or two, else how many.
    @Test(arguments: [(false, false, 3, "✓ You voted ♥ LIKE — waiting for Cy (reconnecting)"),
                      (false, true, 4, "✓ You voted ♥ LIKE — waiting for 2, Cy reconnecting"),
                      (true, false, 3, "✓ You voted ♥ LIKE — waiting for Cy · u undoes"),
                      (true, true, 4, "✓ You voted ♥ LIKE — waiting for Cy and Dee · u undoes"),
                      (false, false, 4, "✓ You voted ♥ LIKE — waiting for 2 more · u undoes")])   // the count disagrees: no names
    func aMemberWhoseConnectionDroppedIsNamedWhileTheCardWaitsForThem(cyOnline: Bool, deeJoins: Bool, eligible: Int, status: String) {
        var model = Fixtures.model()
        if cyOnline { update(&model, .server(.memberOnline(MemberRef(member: "m3")))) }
        if deeJoins { update(&model, .server(.memberJoined(MemberInfo(id: "m4", name: "Dee", role: .member, online: true)))) }
        update(&model, .key(.right))
        update(&model, .server(.voteAccepted(VoteAccepted(card: "dune", vote: .like, seq: 1))))
        update(&model, .server(.tally(Tally(card: "dune", likes: 2, voted: 2, eligible: eligible))))
        #expect(view(model, size: model.size).plainText.contains(status))
    }

    @Test(arguments: [(CardOutcome.noMatch, Optional("No match — 1/2 liked")), (.match, nil), (.skipped, "Card skipped"),
                      (.timedOut, "Time's up — 2/2 voted")])
    func outcomeTexts(_ outcome: CardOutcome, _ text: String?) {
        #expect(AppModel.outcomeText(Self.resolved(outcome)) == text)
    }

    @Test func aNoMatchWithoutVotesSaysJustThat() {
        #expect(AppModel.outcomeText(Self.resolved(.noMatch, likes: 0, nopes: 0)) == "No match")
    }
}
