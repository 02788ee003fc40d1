import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

@Suite struct UpdateInputTests {
    static let swipeKeys: [(Key, SwipeDirection)] = [
        (.left, .left), (.character("h"), .left), (.right, .right), (.character("l"), .right),
        (.up, .up), (.character("k"), .up),
    ]

    @Test(arguments: swipeKeys)
    func swipeKeysSendAVoteOnTheTopCard(_ key: Key, _ direction: SwipeDirection) {
        var model = Fixtures.model()
        let effects = update(&model, .key(key))
        #expect(effects == [.send(.swipe(SwipeVote(card: "dune", direction: direction, seq: 1)))])
        #expect(model.pendingVotes.map(\.card) == ["dune"])
        #expect(model.myVote(on: "dune") == direction.vote)
    }

    @Test func lockstepKeepsTheCardUntilItResolvesAndRefusesASecondVote() {
        var model = Fixtures.model()
        update(&model, .server(.tally(Tally(card: "dune", likes: 1, voted: 1, eligible: 3))))
        update(&model, .key(.right))
        #expect(model.topCard?.id == "dune")
        #expect(update(&model, .key(.left)).isEmpty)
    }

    @Test func freePacingFliesTheCardOffAtOnceAndReflowsTheRest() {
        var model = Fixtures.model(pacing: .free)
        update(&model, .key(.left))
        #expect(model.topCard?.id == "amelie")
        #expect(model.leaving.map(\.card.id) == ["dune"])
        #expect(model.leaving.first?.motion.motion.kind == .flyOff)
        #expect(model.playing["amelie"]?.motion.kind == .reflow)
        update(&model, .tick(now: 1000 + 250))
        #expect(model.leaving.isEmpty)
    }

    @Test func spectatorsCannotSwipe() {
        var model = Fixtures.model()
        model.editMember("m2") { $0.role = .spectator }
        #expect(update(&model, .key(.right)).isEmpty)
    }

    @Test func undoOnlineAsksTheServer() {
        var model = Fixtures.model()
        update(&model, .server(.tally(Tally(card: "dune", likes: 1, voted: 1, eligible: 3))))
        update(&model, .key(.right))
        #expect(update(&model, .key(.character("u"))) == [.send(.undo(UndoVote(card: "dune", seq: 2)))])
    }

    @Test func undoWithNothingToUndoSaysSo() {
        var model = Fixtures.model()
        #expect(update(&model, .key(.character("u"))).isEmpty)
        #expect(model.notice?.text == "nothing to undo")
    }

    @Test func undoOfAVoteMadeOfflineDropsItLocally() {
        var model = Fixtures.model(pacing: .free)
        update(&model, .disconnected(reason: "gone"))
        update(&model, .key(.right))
        #expect(model.pendingVotes.count == 1)
        #expect(update(&model, .key(.character("u"))).isEmpty)
        #expect(model.pendingVotes.isEmpty)
        #expect(model.topCard?.id == "dune")
    }

    @Test func resultsKeyAsksOnceThenGoesBack() {
        var model = Fixtures.model()
        #expect(update(&model, .key(.character("r"))) == [.send(.results)])
        #expect(model.showingResults)
        #expect(update(&model, .key(.character("r"))).isEmpty)
        #expect(!model.showingResults)
    }

    @Test func helpOpensAndAnyKeyClosesItWithoutActing() {
        var model = Fixtures.model()
        update(&model, .key(.character("?")))
        #expect(model.showingHelp)
        #expect(update(&model, .key(.right)).isEmpty)
        #expect(!model.showingHelp)
        #expect(model.pendingVotes.isEmpty)
    }

    @Test(arguments: [Key.character("q"), .character("Q")])
    func quitDisconnectsAndQuits(_ key: Key) {
        var model = Fixtures.model()
        #expect(update(&model, .key(key)) == [.disconnect, .exit(.quit)])
        #expect(model.quitting)
    }

    @Test func startIsForTheHostInTheLobby() {
        var model = Fixtures.model()
        model.editRoom { $0.phase = .lobby }
        #expect(update(&model, .key(.character("s"))).isEmpty)
        model.editMember("m2") { $0.role = .host }
        #expect(update(&model, .key(.character("s"))) == [.send(.host(HostCommand(command: .start)))])
    }

    @Test func escapeDismissesTheBannerThenTheResults() {
        var model = Fixtures.model()
        model.showingResults = true
        update(&model, .server(.match(Match(card: Fixtures.cards[0], tally: Tally(card: "dune")))))
        update(&model, .key(.escape))
        #expect(model.banner == nil && model.showingResults)
        update(&model, .key(.enter))
        #expect(!model.showingResults)
    }

    @Test(arguments: [Key.down, .character("x"), .character("字")])
    func otherKeysDoNothing(_ key: Key) {
        var model = Fixtures.model()
        let before = model
        #expect(update(&model, .key(key)).isEmpty)
        #expect(model == before)
    }

    // MARK: mouse

    static func centre(_ model: AppModel) -> (row: Int, column: Int) {
        let c = StackGeometry(size: model.size).cell(for: Point(x: 150, y: 180))
        return (Int(c.row), Int(c.column))
    }

    @Test func pressOnTheCardStartsADragAndTellsTheServer() {
        var model = Fixtures.model()
        let c = Self.centre(model)
        let effects = update(&model, .mousePressed(row: c.row, column: c.column))
        #expect(effects == [.send(.drag(DragUpdate(card: "dune", phase: .began, x: 0, y: 0, t: 1000)))])
        #expect(model.drag?.card == "dune")
    }

    @Test func pressOutsideTheCardDoesNothing() {
        var model = Fixtures.model()
        #expect(update(&model, .mousePressed(row: 1, column: 1)).isEmpty)
        #expect(model.drag == nil)
    }

    @Test func dragMovesTheCardInLayoutPointsAndThrottlesUpdates() {
        var model = Fixtures.model()
        let c = Self.centre(model)
        update(&model, .mousePressed(row: c.row, column: c.column))
        #expect(update(&model, .mouseDragged(row: c.row, column: c.column + 5)).isEmpty)   // same instant: throttled
        update(&model, .tick(now: 1040))
        let effects = update(&model, .mouseDragged(row: c.row + 1, column: c.column + 6))
        let g = StackGeometry(size: model.size)
        let expected = g.translation(columns: 6, rows: 1)
        #expect(model.drag?.translation == expected)
        #expect(effects == [.send(.drag(DragUpdate(card: "dune", phase: .changed, x: expected.x, y: expected.y, t: 1040)))])
    }

    @Test func releasePastTheThresholdSwipes() {
        var model = Fixtures.model()
        let c = Self.centre(model)
        let columns = Int((260 / StackGeometry(size: model.size).pointsPerColumn).rounded(.up))
        update(&model, .mousePressed(row: c.row, column: c.column))
        update(&model, .tick(now: 1500))
        let effects = update(&model, .mouseReleased(row: c.row, column: c.column + columns))
        #expect(effects.contains(.send(.swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))))
        #expect(model.drag == nil)
    }

    @Test func aFastFlickSwipesBeforeTheThreshold() {
        var model = Fixtures.model()
        let c = Self.centre(model)
        update(&model, .mousePressed(row: c.row, column: c.column))
        for step in 1...4 {
            update(&model, .tick(now: 1000 + Double(step) * 20))
            update(&model, .mouseDragged(row: c.row, column: c.column - step * 3))
        }
        let effects = update(&model, .mouseReleased(row: c.row, column: c.column - 12))
        #expect(effects.contains(.send(.swipe(SwipeVote(card: "dune", direction: .left, seq: 1)))))
    }

    @Test func releaseShortOfTheThresholdSnapsBack() {
        var model = Fixtures.model()
        let c = Self.centre(model)
        update(&model, .mousePressed(row: c.row, column: c.column))
        update(&model, .tick(now: 2000))
        let effects = update(&model, .mouseReleased(row: c.row, column: c.column + 3))
        #expect(!effects.contains { if case .send(.swipe) = $0 { return true } else { return false } })
        #expect(model.playing["dune"]?.motion.kind == .snapBack)
        #expect(model.pendingVotes.isEmpty)
    }

    @Test func motionWithoutAPressIsIgnored() {
        var model = Fixtures.model()
        #expect(update(&model, .mouseDragged(row: 5, column: 5)).isEmpty)
        #expect(update(&model, .mouseReleased(row: 5, column: 5)).isEmpty)
    }

    @Test func resizeMidAnimationKeepsTheAnimation() {
        var model = Fixtures.model(pacing: .free)
        update(&model, .key(.right))
        update(&model, .resized(TermSize(columns: 120, rows: 40)))
        #expect(model.size == TermSize(columns: 120, rows: 40))
        #expect(model.leaving.count == 1)
        _ = view(model, size: model.size)
    }
}
