import Testing
@testable import SwipeCore

@Suite struct DeckEditingTests {
    /// A deck of c0…c5 with c0 and c1 swiped: c2 on top.
    func swipedTwice() -> Deck {
        var deck = Deck(name: "d", cards: makeCards(6))
        _ = deck.swipe(.right)
        _ = deck.swipe(.left)
        return deck
    }

    static let inserts: [(Int, Int, Range<Int>, CardID?)] = [
        // (index, count, reported range, top afterwards)
        (0, 2, 0..<2, "c2"),       // before the swiped cards
        (2, 1, 2..<3, "c2"),       // at the top's index: the top stays on top
        (3, 2, 3..<5, "c2"),       // behind the top
        (99, 1, 6..<7, "c2"),      // clamped to the end
        (-4, 1, 0..<1, "c2"),      // clamped to the start
    ]

    @Test(arguments: inserts)
    func insertKeepsTheTop(_ index: Int, _ count: Int, _ range: Range<Int>, _ top: CardID?) {
        var deck = swipedTwice()
        let change = deck.insert(makeCards(count, prefix: "n"), at: index)
        #expect(change == .inserted(range))
        #expect(deck.topCard?.id == top)
        #expect(deck.history.allSatisfy { deck.cards[$0.index].id == $0.card })
        // Undoing both swipes still finds c1 then c0.
        #expect(deck.undo() == .undone(SwipeRecord(card: "c1", direction: .left, index: deck.index(of: "c1") ?? -1)))
        #expect(deck.topCard?.id == "c1")
    }

    @Test func insertIntoAFinishedDeckDealsTheNewCards() {
        var deck = Deck(name: "d", cards: makeCards(1))
        _ = deck.swipe(.right)
        #expect(deck.isFinished)
        #expect(deck.insert(makeCards(2, prefix: "n"), at: 1) == .inserted(1..<3))
        #expect(deck.topCard?.id == "n0")
    }

    static let removals: [(Range<Int>, DeckChange, CardID?, Int)] = [
        // (range, change, top afterwards, history count afterwards)
        (0..<1, .removed(0..<1), "c2", 1),      // a swiped card: its record goes
        (3..<5, .removed(3..<5), "c2", 2),      // behind the top
        (2..<3, .removed(2..<3), "c3", 2),      // the top itself: the next card takes over
        (1..<4, .removed(1..<4), "c4", 1),
        (2..<99, .finished, nil, 2),             // everything left: finished
        (-5..<1, .removed(0..<1), "c2", 1),     // clamped
        (50..<60, .removed(6..<6), "c2", 2),    // nothing to remove
    ]

    @Test(arguments: removals)
    func removeKeepsThePlace(_ range: Range<Int>, _ change: DeckChange, _ top: CardID?, _ historyCount: Int) {
        var deck = swipedTwice()
        #expect(deck.remove(range) == change)
        #expect(deck.topCard?.id == top)
        #expect(deck.history.count == historyCount)
        #expect(deck.history.allSatisfy { deck.cards[$0.index].id == $0.card })
    }

    @Test func removingTheLastCardOfALoopingDeckWrapsToTheFirst() {
        var deck = Deck(name: "d", cards: makeCards(3), looping: true)
        _ = deck.swipe(.right)
        _ = deck.swipe(.right)
        #expect(deck.topCard?.id == "c2")
        #expect(deck.remove(2..<3) == .removed(2..<3))
        #expect(deck.topCard?.id == "c0")
    }

    @Test func reloadReplacesContentInPlace() {
        var deck = swipedTwice()
        let renamed = [Card(id: "c2", title: "Renamed"), Card(id: "x", title: "Extra")]
        #expect(deck.reload(2..<3, with: renamed) == .reloaded(2..<4))
        #expect(deck.topCard?.title == "Renamed")
        #expect(deck.cards.count == 7)
        // A reload over swiped slots renames their records; shrinking drops the lost slot.
        #expect(deck.reload(0..<2, with: [Card(id: "z", title: "Z")]) == .reloaded(0..<1))
        #expect(deck.history == [SwipeRecord(card: "z", direction: .right, index: 0)])
        #expect(deck.topCard?.title == "Renamed")
        // Reloading the top slot with nothing moves to the next card.
        #expect(deck.reload(1..<2, with: []) == .reloaded(1..<1))
        #expect(deck.topCard?.id == "x")
        // An empty range inserts.
        #expect(deck.reload(99..<99, with: [Card(id: "end", title: "End")]) == .reloaded(5..<6))
        #expect(deck.cards.last?.id == "end")
    }
}
