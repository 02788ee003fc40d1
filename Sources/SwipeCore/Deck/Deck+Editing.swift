/// Inserting, removing and replacing cards while a viewer is part-way through the deck. None of
/// these lose the viewer's place: the top card stays on top unless it was itself removed (then
/// the card after it takes its place). Swipe records follow their cards; records of removed
/// cards are dropped. Ranges and indices are clamped to the deck, never trapped on.
///
/// ```swift
/// var deck = Deck(name: "d", cards: [Card(id: "a", title: "A"), Card(id: "b", title: "B")])
/// _ = deck.swipe(.right)                                   // "b" on top
/// deck.insert([Card(id: "z", title: "Z")], at: 0)          // .inserted(0..<1); "b" still on top
/// deck.remove(2..<3)                                       // .finished: "b" was the last card left
/// ```
extension Deck {
    /// Inserts `newCards` at `index` (clamped to `0...count`). Inserting at the top card's index
    /// puts the new cards before it (already passed), except on a finished deck, where they
    /// become the next cards to swipe.
    ///
    /// ```swift
    /// var deck = Deck(name: "d", cards: [])
    /// deck.insert([Card(id: "a", title: "A")], at: 99)   // .inserted(0..<1); "a" on top
    /// ```
    @discardableResult
    public mutating func insert(_ newCards: [Card], at index: Int) -> DeckChange {
        let at = min(max(0, index), cards.count)
        let hadTop = topCard != nil
        cards.insert(contentsOf: newCards, at: at)
        let n = newCards.count
        if at < currentIndex || (at == currentIndex && hadTop) { currentIndex += n }
        for i in history.indices where history[i].index >= at { history[i].index += n }
        return .inserted(at..<(at + n))
    }

    /// Removes the cards in `range` (clamped to the deck). Returns `.finished` when this took
    /// away the last card left to swipe, otherwise `.removed` with the clamped range.
    ///
    /// ```swift
    /// var deck = Deck(name: "d", cards: [Card(id: "a", title: "A"), Card(id: "b", title: "B")])
    /// deck.remove(-5..<1)   // .removed(0..<1); "b" on top
    /// ```
    @discardableResult
    public mutating func remove(_ range: Range<Int>) -> DeckChange {
        let clamped = range.clamped(to: 0..<cards.count)
        guard !clamped.isEmpty else { return .removed(clamped) }
        let hadTop = topCard != nil
        cards.removeSubrange(clamped)
        let n = clamped.count
        if currentIndex >= clamped.upperBound {
            currentIndex -= n
        } else if currentIndex >= clamped.lowerBound {
            currentIndex = clamped.lowerBound
        }
        wrapIfLooping()
        history = history.compactMap { record in
            if clamped.contains(record.index) { return nil }
            var moved = record
            if record.index >= clamped.upperBound { moved.index -= n }
            return moved
        }
        return hadTop && topCard == nil ? .finished : .removed(clamped)
    }

    /// Replaces the cards in `range` (clamped to the deck) with `newCards`, which may be more or
    /// fewer. The top card keeps its place if its slot still exists (showing the new content);
    /// otherwise the card after the replaced range goes on top. Swipe records of replaced slots
    /// that still exist now name the new card. An empty range inserts. Returns `.reloaded` with
    /// the range now holding the new cards, or `.finished` when no card is left to swipe.
    ///
    /// ```swift
    /// var deck = Deck(name: "d", cards: [Card(id: "a", title: "A")])
    /// deck.reload(0..<1, with: [Card(id: "a", title: "A, renamed")])   // .reloaded(0..<1)
    /// ```
    @discardableResult
    public mutating func reload(_ range: Range<Int>, with newCards: [Card]) -> DeckChange {
        let clamped = range.clamped(to: 0..<cards.count)
        let lower = clamped.isEmpty ? min(max(0, range.lowerBound), cards.count) : clamped.lowerBound
        let n = newCards.count
        guard !clamped.isEmpty else {
            insert(newCards, at: lower)
            return .reloaded(lower..<(lower + n))
        }
        let hadTop = topCard != nil
        let delta = n - clamped.count
        cards.replaceSubrange(clamped, with: newCards)
        if currentIndex >= clamped.upperBound {
            currentIndex += delta
        } else if currentIndex >= clamped.lowerBound, currentIndex - clamped.lowerBound >= n {
            currentIndex = clamped.lowerBound + n
        }
        wrapIfLooping()
        history = history.compactMap { record in
            var moved = record
            if record.index >= clamped.upperBound {
                moved.index += delta
            } else if record.index >= clamped.lowerBound {
                let offset = record.index - clamped.lowerBound
                guard offset < n else { return nil }
                moved.card = newCards[offset].id
            }
            return moved
        }
        return hadTop && topCard == nil ? .finished : .reloaded(lower..<(lower + n))
    }

    private mutating func wrapIfLooping() {
        if looping && currentIndex >= cards.count { currentIndex = 0 }
    }
}
