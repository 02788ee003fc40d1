import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClient

/// A member who opens a room decided while they were away (its closing time went by) lands on
/// the results screen with the winner, not on an empty stack.
@Suite struct UpdateDecidedRoomTests {
    static func decidedWelcome() -> Welcome {
        var welcome = Fixtures.welcome(pacing: .free)
        welcome.room.phase = .finished
        welcome.room.visible = []
        welcome.room.remaining = 0
        welcome.room.closesAt = "2026-11-29T12:00:00Z"
        welcome.room.winner = Winner(card: Fixtures.cards[0], decidedBy: .leadingCard, round: 0)
        return welcome
    }

    @Test func aDecidedRoomAsksForItsResultsAndShowsTheWinner() {
        var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil)), size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: 1000))
        update(&model, .connected)
        let effects = update(&model, .server(.welcome(Self.decidedWelcome())))
        #expect(effects.contains(.send(.results)))
        var results = Fixtures.results
        results.winner = "dune"
        results.decidedBy = .leadingCard
        update(&model, .server(.results(results)))
        #expect(model.showingResults)
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("The group's choice: Dune") && screen.contains("no match: led the ranking at the close"), "\(screen)")
    }

    @Test func aRoomStillVotingAsksForNothing() {
        var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil)), size: TermSize(columns: 80, rows: 24))
        update(&model, .connected)
        #expect(!update(&model, .server(.welcome(Fixtures.welcome(pacing: .free)))).contains(.send(.results)))
    }
}
