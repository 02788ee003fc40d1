/// One swipe in a viewer's history: which card went, which way, and where it stood in the deck.
/// `index` is kept up to date when cards are inserted or removed before it.
///
/// ```swift
/// var deck = Deck(name: "d", cards: [Card(id: "a", title: "A")])
/// _ = deck.swipe(.right)
/// deck.history   // [SwipeRecord(card: "a", direction: .right, index: 0)]
/// ```
public struct SwipeRecord: Hashable, Sendable, Codable {
    /// The card that was swiped.
    public var card: CardID
    /// The direction it left in.
    public var direction: SwipeDirection
    /// Its position in ``Deck/cards``.
    public var index: Int

    /// Creates a record.
    ///
    /// ```swift
    /// let record = SwipeRecord(card: "dune", direction: .left, index: 4)
    /// ```
    public init(card: CardID, direction: SwipeDirection, index: Int) {
        self.card = card
        self.direction = direction
        self.index = index
    }
}
