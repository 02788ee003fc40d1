import Testing
@testable import SwipeCore

/// Cards "c0", "c1", … titled "Card 0", "Card 1", …
func makeCards(_ count: Int, prefix: String = "c") -> [Card] {
    (0..<count).map { Card(id: CardID("\(prefix)\($0)"), title: "Card \($0)") }
}

@Suite struct DeckTests {
    @Test(arguments: 0...6)
    func visibleWindowIsAtMostThree(_ count: Int) {
        let deck = Deck(name: "d", cards: makeCards(count))
        #expect(deck.visible.count == min(count, 3))
        #expect(deck.visible.map(\.id) == makeCards(min(count, 3)).map(\.id))
        #expect(deck.remaining == count)
        #expect(deck.isFinished == (count == 0))
        #expect(deck.numberOfCards == count)
    }

    /// Seed 000's algorithm, replayed: reloadData loads min(count, 3) cards and sets
    /// remainingcards = count − loaded; after each swipe, if remainingcards > 0 the card at
    /// count − remainingcards is added at the bottom (remainingcards −= 1).
    @Test(arguments: [0, 1, 2, 3, 4, 5, 9])
    func matchesTheSeedsRemainingCardsCounter(_ count: Int) {
        let cards = makeCards(count)
        var seedVisible: [CardID] = []
        var remainingCards = count
        for i in 0..<min(count, 3) {
            seedVisible.append(cards[i].id)
            remainingCards -= 1
        }
        var deck = Deck(name: "d", cards: cards)
        #expect(deck.visible.map(\.id) == seedVisible)
        #expect(deck.undealt == remainingCards)
        while !seedVisible.isEmpty {
            seedVisible.removeFirst()
            var dealt: CardID?
            if remainingCards > 0 {
                let newIndex = count - remainingCards
                seedVisible.append(cards[newIndex].id)
                dealt = cards[newIndex].id
                remainingCards -= 1
            }
            guard case .swiped(_, let appeared)? = deck.swipe(.right) else {
                Issue.record("expected a swipe")
                return
            }
            #expect(appeared?.id == dealt)
            #expect(deck.visible.map(\.id) == seedVisible)
            #expect(deck.undealt == remainingCards)
            #expect(deck.remaining == seedVisible.count + remainingCards)
        }
        #expect(deck.isFinished)
        #expect(deck.swipe(.left) == nil)
    }

    @Test func swipesAndUndoesStepByStep() {
        var deck = Deck(name: "d", cards: makeCards(4))
        let start = deck
        #expect(deck.undo() == nil)
        let first = deck.swipe(.right)
        #expect(first == .swiped(SwipeRecord(card: "c0", direction: .right, index: 0), appeared: Card(id: "c3", title: "Card 3")))
        let afterOne = deck
        #expect(deck.swipe(.up) == .swiped(SwipeRecord(card: "c1", direction: .up, index: 1), appeared: nil))
        #expect(deck.swipe(.left) == .swiped(SwipeRecord(card: "c2", direction: .left, index: 2), appeared: nil))
        #expect(deck.swipe(.downRight) == .swiped(SwipeRecord(card: "c3", direction: .downRight, index: 3), appeared: nil))
        #expect(deck.isFinished && deck.remaining == 0 && deck.visible.isEmpty && deck.topCard == nil)
        #expect(deck.history.map(\.direction) == [.right, .up, .left, .downRight])
        #expect(deck.swipe(.right) == nil)
        #expect(deck.undo() == .undone(SwipeRecord(card: "c3", direction: .downRight, index: 3)))
        #expect(deck.topCard?.id == "c3")
        _ = deck.undo()
        _ = deck.undo()
        #expect(deck == afterOne)
        _ = deck.undo()
        #expect(deck == start)
        #expect(deck.undo() == nil)
    }

    @Test func loopingStartsAgainAndUndoRestoresThePosition() {
        var deck = Deck(name: "d", cards: makeCards(4), looping: true)
        let start = deck
        var snapshots: [Deck] = []
        for _ in 0..<6 {
            snapshots.append(deck)
            #expect(deck.swipe(.left) != nil)
        }
        #expect(!deck.isFinished)
        #expect(deck.currentIndex == 2)
        #expect(deck.visible.map(\.id) == ["c2", "c3", "c0"])
        #expect(deck.remaining == 2)
        for snapshot in snapshots.reversed() {
            _ = deck.undo()
            #expect(deck == snapshot)
        }
        #expect(deck == start)
    }

    @Test func smallLoopingDeckShowsEveryCardAndRedealsTheSwipedOne() {
        var deck = Deck(name: "d", cards: makeCards(2), looping: true)
        #expect(deck.visible.map(\.id) == ["c0", "c1"])
        #expect(deck.swipe(.right) == .swiped(SwipeRecord(card: "c0", direction: .right, index: 0), appeared: Card(id: "c0", title: "Card 0")))
        #expect(deck.visible.map(\.id) == ["c1", "c0"])
        var empty = Deck(name: "e", cards: [], looping: true)
        #expect(empty.isFinished && empty.swipe(.up) == nil)
    }

    @Test func visibleCountIsConfigurableAndAtLeastOne() {
        #expect(Deck(name: "d", cards: makeCards(9), visibleCount: 5).visible.count == 5)
        #expect(Deck(name: "d", cards: makeCards(9), visibleCount: 0).visibleCount == 1)
    }

    @Test func dataSourceNeverTraps() {
        let deck: any CardDataSource = Deck(name: "d", cards: makeCards(2))
        #expect(deck.card(at: -1) == nil)
        #expect(deck.card(at: 2) == nil)
        #expect(deck.card(at: 1)?.id == "c1")
        #expect(deck.emptyState == .deckFinished)
    }

    @Test func skipMovesTheTopWithoutRecording() {
        var deck = Deck(name: "d", cards: makeCards(5))
        let skipped = deck.skip(to: "c3")
        #expect(skipped)
        #expect(deck.topCard?.id == "c3")
        #expect(deck.history.isEmpty)
        let missing = deck.skip(to: "nope")
        #expect(!missing)
        #expect(deck.topCard?.id == "c3")
    }
}
