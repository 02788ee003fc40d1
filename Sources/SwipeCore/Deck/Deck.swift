/// One viewer's progress through a deck of cards, as a value: which card is on top, which cards
/// are visible behind it, and the history of swipes (for multi-step undo). Every change returns
/// a ``DeckChange`` describing what happened, for animation. Nothing here traps on bad input:
/// out-of-range indices are clamped.
///
/// - `visible` holds `min(remaining, visibleCount)` cards starting at `currentIndex` (seed 000's
///   `cardsToBeVisible = 3`); a looping deck wraps round and shows `min(count, visibleCount)`.
/// - `remaining` counts cards not yet swiped: `count − currentIndex`. In a looping deck it is
///   the number left before the deck starts again from the first card.
/// - `undealt` is seed 000's `remainingCards`: cards not swiped and not yet in the visible window.
///
/// ```swift
/// var deck = Deck(name: "movies", cards: (1...5).map { Card(id: CardID("m\($0)"), title: "Movie \($0)") })
/// deck.visible.map(\.id)    // ["m1", "m2", "m3"]
/// _ = deck.swipe(.right)    // .swiped(SwipeRecord(card: "m1", direction: .right, index: 0), appeared: m4)
/// deck.topCard?.id          // "m2"
/// deck.remaining            // 4
/// _ = deck.undo()           // .undone(...): m1 is back on top
/// ```
public struct Deck: Hashable, Sendable, CardDataSource {
    /// The number of cards shown at once unless told otherwise (seed 000's `cardsToBeVisible`).
    ///
    /// ```swift
    /// Deck.defaultVisibleCount   // 3
    /// ```
    public static let defaultVisibleCount = 3

    /// The deck's name (its file name without extension, or the `name` in the file).
    public var name: String
    /// All cards, swiped ones included, in order.
    public internal(set) var cards: [Card]
    /// How many cards are shown at once (at least 1).
    public internal(set) var visibleCount: Int
    /// Whether the deck starts again from the first card after the last (Koloda's looping).
    public internal(set) var looping: Bool
    /// The position of the top card in ``cards``; equals `cards.count` when a non-looping deck
    /// is finished.
    public internal(set) var currentIndex: Int
    /// Every swipe not yet undone, oldest first.
    public internal(set) var history: [SwipeRecord]
    /// What to show once the deck is finished.
    public var emptyState: EmptyState

    /// Creates a deck with nothing swiped yet. `visibleCount` is clamped to at least 1.
    ///
    /// ```swift
    /// let deck = Deck(name: "food", cards: [Card(id: "pizza", title: "Pizza")], visibleCount: 2, looping: true)
    /// ```
    public init(name: String, cards: [Card], visibleCount: Int = Deck.defaultVisibleCount, looping: Bool = false) {
        self.name = name
        self.cards = cards
        self.visibleCount = max(1, visibleCount)
        self.looping = looping
        self.currentIndex = 0
        self.history = []
        self.emptyState = .deckFinished
    }

    /// The cards in view, top first: `min(remaining, visibleCount)` of them, or for a looping
    /// deck `min(count, visibleCount)`, wrapping round to the first card.
    ///
    /// ```swift
    /// Deck(name: "d", cards: [Card(id: "a", title: "A")]).visible.count   // 1
    /// ```
    public var visible: [Card] {
        guard !cards.isEmpty else { return [] }
        if looping {
            let start = currentIndex < cards.count ? currentIndex : 0
            return (0..<min(cards.count, visibleCount)).map { cards[(start + $0) % cards.count] }
        }
        guard currentIndex < cards.count else { return [] }
        return Array(cards[currentIndex..<min(cards.count, currentIndex + visibleCount)])
    }

    /// The card on top, or nil when the deck is finished.
    ///
    /// ```swift
    /// Deck(name: "d", cards: []).topCard   // nil
    /// ```
    public var topCard: Card? { visible.first }

    /// Cards not yet swiped: `count − currentIndex` (never negative). For a looping deck, the
    /// cards left before it starts again.
    ///
    /// ```swift
    /// Deck(name: "d", cards: [Card(id: "a", title: "A")]).remaining   // 1
    /// ```
    public var remaining: Int { max(0, cards.count - currentIndex) }

    /// Seed 000's `remainingCards`: cards neither swiped nor in the visible window yet.
    ///
    /// ```swift
    /// let five = (1...5).map { Card(id: CardID("c\($0)"), title: "\($0)") }
    /// Deck(name: "d", cards: five).undealt   // 2
    /// ```
    public var undealt: Int { max(0, remaining - visible.count) }

    /// True when no card is left to swipe. A looping deck is finished only when it is empty.
    ///
    /// ```swift
    /// Deck(name: "d", cards: []).isFinished   // true
    /// ```
    public var isFinished: Bool { topCard == nil }

    /// The number of cards in the deck (the seed's `numberOfCardsToShow()`).
    ///
    /// ```swift
    /// Deck(name: "d", cards: []).numberOfCards   // 0
    /// ```
    public var numberOfCards: Int { cards.count }

    /// The card at `index` of ``cards``, or nil when out of range.
    ///
    /// ```swift
    /// Deck(name: "d", cards: []).card(at: -1)   // nil
    /// ```
    public func card(at index: Int) -> Card? {
        cards.indices.contains(index) ? cards[index] : nil
    }

    /// The index of the first card with `id`, if any.
    ///
    /// ```swift
    /// Deck(name: "d", cards: [Card(id: "a", title: "A")]).index(of: "a")   // 0
    /// ```
    public func index(of id: CardID) -> Int? {
        cards.firstIndex { $0.id == id }
    }

    /// Swipes the top card away in `direction` and records it; nil (and no change) when the
    /// deck is finished. A looping deck goes back to the first card after the last.
    ///
    /// ```swift
    /// var deck = Deck(name: "d", cards: [Card(id: "a", title: "A")])
    /// deck.swipe(.left)   // .swiped(SwipeRecord(card: "a", direction: .left, index: 0), appeared: nil)
    /// deck.swipe(.left)   // nil: finished
    /// ```
    public mutating func swipe(_ direction: SwipeDirection) -> DeckChange? {
        guard let top = topCard else { return nil }
        let before = visible.count
        let record = SwipeRecord(card: top.id, direction: direction, index: currentIndex)
        history.append(record)
        currentIndex += 1
        if looping && currentIndex >= cards.count { currentIndex = 0 }
        let after = visible
        let appeared = after.count == before ? after.last : nil
        return .swiped(record, appeared: appeared)
    }

    /// Reverts the most recent swipe still in ``history``: that card is on top again. Repeated
    /// calls walk further back; undoing every swipe since a moment restores the exact deck value
    /// of that moment (looping position included). Nil when there is nothing to undo.
    ///
    /// ```swift
    /// var deck = Deck(name: "d", cards: [Card(id: "a", title: "A")])
    /// let before = deck
    /// _ = deck.swipe(.right)
    /// _ = deck.undo()
    /// deck == before   // true
    /// ```
    public mutating func undo() -> DeckChange? {
        guard let record = history.popLast() else { return nil }
        currentIndex = min(max(0, record.index), cards.count)
        return .undone(record)
    }

    /// Puts the card with `id` on top without recording a swipe (history is kept). Returns false,
    /// changing nothing, when no card has that id.
    ///
    /// ```swift
    /// var deck = Deck(name: "d", cards: [Card(id: "a", title: "A"), Card(id: "b", title: "B")])
    /// deck.skip(to: "b")   // true; deck.topCard?.id == "b"
    /// ```
    @discardableResult
    public mutating func skip(to cardID: CardID) -> Bool {
        guard let index = index(of: cardID) else { return false }
        currentIndex = index
        return true
    }
}
