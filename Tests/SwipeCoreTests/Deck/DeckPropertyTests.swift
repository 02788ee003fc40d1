import Testing
@testable import SwipeCore

/// SwipeCore's SplitMix64, so every run replays the same sequences.
extension SplitMix64 {
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func bool() -> Bool { next() & 1 == 1 }
}

@Suite struct DeckPropertyTests {
    static func checkInvariants(_ deck: Deck) {
        #expect(deck.visible.count <= deck.visibleCount)
        #expect(deck.remaining >= 0)
        #expect(deck.undealt >= 0)
        #expect((0...deck.cards.count).contains(deck.currentIndex))
        let expectedVisible = deck.looping ? min(deck.cards.count, deck.visibleCount) : min(deck.remaining, deck.visibleCount)
        #expect(deck.visible.count == expectedVisible)
        #expect(deck.topCard == deck.visible.first)
        #expect(deck.isFinished == (deck.topCard == nil))
        if deck.looping && !deck.cards.isEmpty { #expect(deck.currentIndex < deck.cards.count) }
        for record in deck.history {
            #expect(deck.cards.indices.contains(record.index))
            #expect(deck.card(at: record.index)?.id == record.card)
        }
    }

    @Test(arguments: 0..<64)
    func randomEditsNeverTrapAndUndoRestoresExactly(_ seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        var nextID = 0
        func freshCards(_ count: Int) -> [Card] {
            defer { nextID += count }
            return (0..<count).map { Card(id: CardID("r\(nextID + $0)"), title: "R \(nextID + $0)") }
        }
        var deck = Deck(name: "p", cards: freshCards(rng.int(in: 0...8)),
                        visibleCount: rng.int(in: 1...4), looping: rng.bool())
        Self.checkInvariants(deck)
        for _ in 0..<80 {
            let count = deck.cards.count
            let topBefore = deck.topCard
            switch rng.int(in: 0...5) {
            case 0, 1:
                // A run of swipes, undone one by one back to the exact starting value.
                var snapshots: [Deck] = []
                for _ in 0..<rng.int(in: 1...5) {
                    let before = deck
                    let direction = SwipeDirection.allCases[rng.int(in: 0...7)]
                    guard let change = deck.swipe(direction) else {
                        #expect(before.isFinished && deck == before)
                        break
                    }
                    guard case .swiped(let record, _) = change else {
                        Issue.record("swipe gave \(change)")
                        return
                    }
                    #expect(record.card == before.topCard?.id && record.direction == direction)
                    snapshots.append(before)
                    Self.checkInvariants(deck)
                }
                let afterRun = deck
                for snapshot in snapshots.reversed() {
                    #expect(deck.undo() != nil)
                    #expect(deck == snapshot)
                }
                // Replay the run to make progress.
                deck = afterRun
            case 2:
                let at = rng.int(in: -3...(count + 3))
                let newCards = freshCards(rng.int(in: 0...3))
                _ = deck.insert(newCards, at: at)
                #expect(deck.cards.count == count + newCards.count)
                if let topBefore { #expect(deck.topCard?.id == topBefore.id) }
            case 3:
                let lower = rng.int(in: -3...(count + 3))
                let range = lower..<(lower + rng.int(in: 0...4))
                let removedIDs = Set(deck.cards[range.clamped(to: 0..<count)].map(\.id))
                _ = deck.remove(range)
                if let topBefore, !removedIDs.contains(topBefore.id) { #expect(deck.topCard?.id == topBefore.id) }
                #expect(deck.cards.allSatisfy { !removedIDs.contains($0.id) })
            case 4:
                let lower = rng.int(in: -3...(count + 3))
                let range = lower..<(lower + rng.int(in: 0...3))
                let clamped = range.clamped(to: 0..<count)
                let newCards = freshCards(rng.int(in: 0...3))
                let topIndex = topBefore == nil ? nil : deck.currentIndex
                _ = deck.reload(range, with: newCards)
                if let topBefore, let topIndex {
                    if !clamped.contains(topIndex) && !clamped.isEmpty {
                        #expect(deck.topCard?.id == topBefore.id)
                    } else if clamped.contains(topIndex), topIndex - clamped.lowerBound < newCards.count {
                        #expect(deck.topCard?.id == newCards[topIndex - clamped.lowerBound].id)
                    }
                }
            default:
                let historyCount = deck.history.count
                let change = deck.undo()
                #expect((change == nil) == (historyCount == 0))
            }
            Self.checkInvariants(deck)
        }
        // Undo everything that is left: never traps, ends with an empty history.
        var undone = 0
        let historyCount = deck.history.count
        while deck.undo() != nil { undone += 1 }
        #expect(undone == historyCount)
        #expect(deck.history.isEmpty)
        Self.checkInvariants(deck)
    }
}
