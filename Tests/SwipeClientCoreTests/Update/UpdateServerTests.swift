import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

@Suite struct UpdateServerTests {
    @Test func welcomeTakesIdentityRoomAndClock() {
        let model = Fixtures.model()
        #expect(model.me == "m2")
        #expect(model.token == "tok-1")
        #expect(model.connection == .online)
        #expect(model.clockOffset == Double(50_000 - 1000))
        #expect(model.topCard?.id == "dune")
    }

    @Test func memberJoinedAddsOrReplaces() {
        var model = Fixtures.model()
        update(&model, .server(.memberJoined(MemberInfo(id: "m4", name: "Dee", role: .member, online: true))))
        update(&model, .server(.memberJoined(MemberInfo(id: "m3", name: "Cy", role: .member, online: true))))
        #expect(model.room?.members.map(\.id) == ["m1", "m2", "m3", "m4"])
        #expect(model.room?.members.first { $0.id == "m3" }?.online == true)
    }

    @Test func memberLeftRemovesThemAndTheirDrag() {
        var model = Fixtures.model()
        update(&model, .server(.cardState(Self.drag(by: "m1"))))
        update(&model, .server(.memberLeft(MemberRef(member: "m1"))))
        #expect(model.room?.members.map(\.id) == ["m2", "m3"])
        #expect(model.remoteDrags.isEmpty)
    }

    @Test func onlineAndOfflineMarkMembers() {
        var model = Fixtures.model()
        update(&model, .server(.memberOnline(MemberRef(member: "m3"))))
        #expect(model.room?.members.first { $0.id == "m3" }?.online == true)
        update(&model, .server(.memberOffline(MemberRef(member: "m1"))))
        #expect(model.room?.members.first { $0.id == "m1" }?.online == false)
    }

    @Test func phaseChangesAndFinishingAsksForResults() {
        var model = Fixtures.model()
        #expect(update(&model, .server(.phase(PhaseChanged(phase: .lobby)))).isEmpty)
        #expect(model.room?.phase == .lobby)
        #expect(update(&model, .server(.phase(PhaseChanged(phase: .finished)))) == [.send(.results)])
    }

    static func drag(by member: MemberID, phase: DragPhase = .changed) -> CardState {
        CardState(member: member, card: "dune", phase: phase, x: 80, y: 0, rotation: 0.13, progress: 0.4, direction: .right,
                  serverTime: 50_100)
    }

    @Test func cardStateShowsOthersDragsUntilTheyEnd() {
        var model = Fixtures.model()
        update(&model, .server(.cardState(Self.drag(by: "m1"))))
        #expect(model.remoteDrags["m1"]?.x == 80)
        update(&model, .server(.cardState(Self.drag(by: "m2"))))
        #expect(model.remoteDrags["m2"] == nil)
        update(&model, .server(.cardState(Self.drag(by: "m1", phase: .ended))))
        #expect(model.remoteDrags.isEmpty)
    }

    @Test func animationsPlayAtTheServersTime() {
        var model = Fixtures.model()
        let snap = CardAnimation(card: "amelie", kind: .reflow, from: CardTransform(translation: Point(x: 0, y: 30)), to: .identity,
                                 curve: .linear, duration: 0.2, startAt: 50_100)
        update(&model, .server(.animation(snap)))
        let playing = model.playing["amelie"]
        #expect(playing?.startedAt == 1100)
        #expect(playing?.sample(now: 1200).translation.y == 15)
    }

    @Test func animationsForSomeoneElseAreIgnored() {
        var model = Fixtures.model()
        let other = CardAnimation(card: "dune", kind: .flyOff, from: .identity, to: CardTransform(translation: Point(x: 500, y: 0)),
                                  curve: .linear, duration: 0.4, startAt: 50_000, member: "m1")
        update(&model, .server(.animation(other)))
        #expect(model.leaving.isEmpty)
        #expect(model.topCard?.id == "dune")
    }

    @Test func aFlyOffForEveryoneTakesTheCardOffTheStack() {
        var model = Fixtures.model()
        let fly = CardAnimation(card: "dune", kind: .flyOff, from: .identity, to: CardTransform(translation: Point(x: -500, y: 0)),
                                curve: .linear, duration: 0.4, startAt: 50_000)
        update(&model, .server(.animation(fly)))
        #expect(model.leaving.map(\.direction) == [.left])
        #expect(model.topCard?.id == "amelie")
    }

    @Test func absoluteStackTransformsAreMadeRelativeToTheCardsFrame() {
        let absolute = CardAnimation(card: "x", kind: .backgroundArrival, from: CardTransform(translation: Point(x: 0, y: 16), scale: 0.9),
                                     to: CardTransform(translation: Point(x: 0, y: 8), scale: 0.95), curve: .linear, duration: 0.5, startAt: 0)
        let motion = AppModel.relativeMotion(absolute)
        #expect(motion.to == .identity)
        #expect(motion.from.translation == Point(x: 0, y: 8))
        #expect(abs(motion.from.scale - 0.9 / 0.95) < 1e-12)
    }

    @Test func voteAcceptedRecordsTheVoteAndAnUndoRestoresTheCard() {
        var model = Fixtures.model(pacing: .free)
        update(&model, .key(.right))
        update(&model, .server(.voteAccepted(VoteAccepted(card: "dune", vote: .like, seq: 1))))
        #expect(model.pendingVotes.isEmpty)
        #expect(model.room?.myVotes["dune"] == .like)
        update(&model, .server(.voteAccepted(VoteAccepted(card: "dune", vote: nil, seq: 2, undone: true))))
        #expect(model.room?.myVotes["dune"] == nil)
        #expect(model.topCard?.id == "dune")
        #expect(model.playing["dune"]?.motion.kind == .revert)
    }

    @Test func tallyReplacesTheCardsCounts() {
        var model = Fixtures.model()
        update(&model, .server(.tally(Tally(card: "dune", likes: 2, voted: 2, eligible: 2))))
        update(&model, .server(.tally(Tally(card: "amelie", nopes: 1, voted: 1, eligible: 2))))
        #expect(model.room?.tallies.count == 2)
        #expect(model.room?.tallies.first { $0.card == "dune" }?.voted == 2)
    }

    @Test func cardResolvedFliesTheCardOffAndShowsTheNewWindow() {
        var model = Fixtures.model()
        let next = Card(id: "heat", title: "Heat")
        let resolved = CardResolved(card: "dune", outcome: .match, tally: Tally(card: "dune", likes: 2, voted: 2, eligible: 2),
                                    visible: [Fixtures.cards[1], Fixtures.cards[2], next], remaining: 9)
        update(&model, .server(.cardResolved(resolved)))
        #expect(model.room?.visible.map(\.id) == ["amelie", "spirited", "heat"])
        #expect(model.room?.remaining == 9)
        #expect(model.room?.matches == ["dune"])
        #expect(model.leaving.map(\.card.id) == ["dune"])
        #expect(model.leaving.first?.direction == .right)
        #expect(model.playing["heat"]?.motion.kind == .backgroundArrival)
        #expect(model.playing["amelie"]?.motion.kind == .reflow)
        #expect(model.room?.tallies.contains { $0.card == "dune" } == false)
    }

    /// Protocol 3's one message per resolution leaves the screen exactly as the older versions' three kinds do.
    @Test(arguments: [true, false])
    func aWholeResolutionActsAsItsPartsDo(matched: Bool) {
        let next = Card(id: "heat", title: "Heat")
        let animations = [
            // Against the way the outcome alone would send it, so the carried fly-off shows it was played.
            CardAnimation(card: "dune", kind: .flyOff, from: .identity, to: CardTransform(translation: Point(x: matched ? -500 : 500, y: 0)),
                          curve: .linear, duration: 0.4, startAt: 50_100),
            CardAnimation(card: "amelie", kind: .reflow, from: CardTransform(translation: Point(x: 0, y: 30)), to: .identity,
                          curve: .linear, duration: 0.2, startAt: 50_100, index: 0),
            CardAnimation(card: "heat", kind: .appear, from: CardTransform(scale: 3.5, alpha: 0), to: .identity,
                          curve: .spring(bounciness: 9, speed: 16), duration: 0.55, startAt: 50_100, index: 2),
        ]
        let whole = CardResolved(card: "dune", outcome: matched ? .match : .noMatch,
                                 tally: Tally(card: "dune", likes: matched ? 2 : 0, nopes: matched ? 0 : 2, voted: 2, eligible: 2),
                                 visible: [Fixtures.cards[1], Fixtures.cards[2], next], remaining: 9,
                                 animations: animations, matched: matched ? Fixtures.cards[0] : nil)
        var inParts = Fixtures.model()
        let parts = ServerMessage.cardResolved(whole).asSent(toProtocol: 2)
        #expect(parts.count == animations.count + (matched ? 2 : 1))
        for part in parts { update(&inParts, .server(part)) }
        var atOnce = Fixtures.model()
        update(&atOnce, .server(.cardResolved(whole)))
        #expect(atOnce == inParts)
        #expect(atOnce.leaving.map(\.direction) == [matched ? .left : .right], "the carried fly-off was played")
        #expect(atOnce.playing["amelie"]?.motion.kind == .reflow)
        #expect((atOnce.banner?.match.card.id == "dune") == matched)
        #expect(atOnce.room?.matches == (matched ? ["dune"] : []))
    }

    @Test func matchShowsTheBanner() {
        var model = Fixtures.model()
        update(&model, .server(.match(Match(card: Fixtures.cards[0], tally: Tally(card: "dune", likes: 3)))))
        #expect(model.banner?.match.card.id == "dune")
        #expect(model.banner?.shownAt == 1000)
        #expect(model.room?.matches == ["dune"])
    }

    @Test func finalResultsOpenTheResultsScreen() {
        var model = Fixtures.model()
        update(&model, .server(.results(Results(final: false, ranking: []))))
        #expect(!model.showingResults && model.results != nil)
        update(&model, .server(.results(Fixtures.results)))
        #expect(model.showingResults)
    }

    @Test func pongRefinesTheClockWithTheRoundTripMidpoint() {
        var model = Fixtures.model()
        update(&model, .tick(now: 1100))
        update(&model, .server(.pong(Pong(t: 1000, serverTime: 60_000))))
        #expect(model.clockOffset == Double(60_000 - 1050))
    }

    @Test(arguments: [ErrorCode.alreadyVoted, .cardResolved, .notCurrentCard, .unknownCard])
    func voteRefusalsDropThePendingVote(_ code: ErrorCode) {
        var model = Fixtures.model()
        update(&model, .key(.right))
        update(&model, .server(.error(ProtocolError(code, "swipe: refused"))))
        #expect(model.pendingVotes.isEmpty)
        #expect(model.notice?.text == "swipe: refused")
    }

    @Test func errorsFromTheServerAreCleanedBeforeShowing() {
        var model = Fixtures.model()
        update(&model, .server(.error(ProtocolError(.badField, "x\u{1B}]0;pwned\u{07}y\u{202E}z"))))
        #expect(model.notice?.text == "xyz")
        #expect(model.token == "tok-1")
        update(&model, .server(.error(ProtocolError(.badToken, "stale"))))
        #expect(model.token == nil)
    }
}

@Suite struct UpdateServerNamingTests {
    @Test(arguments: [
        ("undo: card \"dune\" is already resolved", "undo: \"Dune\" is already resolved"),
        ("undo: you have not voted on \"amelie\"", "undo: you have not voted on \"Amélie\""),
        ("swipe: no card \"ghost\" in this room's deck", "swipe: no card \"ghost\" in this room's deck"),
    ])
    func errorsNameCardsByTitle(_ message: String, _ shown: String) {
        var model = Fixtures.model()
        update(&model, .server(.error(ProtocolError(.cardResolved, message))))
        #expect(model.notice?.text == shown)
    }

    @Test func aLongNameKeepsYou() {
        var welcome = Fixtures.welcome()
        welcome.room.members[1].name = "Bartholomew-Maximilian Longname"
        var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil)), size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: 1000))
        update(&model, .connected)
        update(&model, .server(.welcome(welcome)))
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("… (you)"), "\(screen)")
    }
}
