/// Where a card stack gets its cards (seed 000's `SwipeCardsDataSource`): how many there are,
/// the card at a position, and what to show once they are all gone.
///
/// ```swift
/// let source: any CardDataSource = Deck(name: "food", cards: [Card(id: "pizza", title: "Pizza")])
/// source.numberOfCards        // 1 (the seed's numberOfCardsToShow())
/// source.card(at: 0)?.title   // "Pizza"
/// source.card(at: 9)          // nil, never a trap
/// source.emptyState.title     // "No more cards" (the seed's emptyView())
/// ```
public protocol CardDataSource {
    /// How many cards the source holds (the seed's `numberOfCardsToShow()`).
    var numberOfCards: Int { get }
    /// The card at `index`, or nil when `index` is out of range (the seed's `card(at:)`).
    func card(at index: Int) -> Card?
    /// What to show when no card is left (the seed's `emptyView()`).
    var emptyState: EmptyState { get }
}

/// The text shown in place of the stack when a deck is finished.
///
/// ```swift
/// let done = EmptyState(title: "That's all", message: "Waiting for the others…")
/// ```
public struct EmptyState: Hashable, Sendable, Codable {
    /// The headline, e.g. "No more cards".
    public var title: String
    /// A line of explanation under the headline.
    public var message: String

    /// Creates an empty state.
    ///
    /// ```swift
    /// let state = EmptyState(title: "Done", message: "You voted on every card.")
    /// ```
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    /// The default: "No more cards".
    ///
    /// ```swift
    /// EmptyState.deckFinished.title   // "No more cards"
    /// ```
    public static let deckFinished = EmptyState(
        title: "No more cards", message: "You have swiped through the whole deck.")
}
