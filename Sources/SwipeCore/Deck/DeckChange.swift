/// What a change to a ``Deck`` did, so a view can animate it.
///
/// - `swiped(record, appeared:)`: the top card left in `record.direction`; `appeared` is the
///   card that entered the bottom of the visible window (nil when none did). Swiping the last
///   card also gives `.swiped`; check ``Deck/isFinished`` afterwards to show the empty state.
/// - `undone(record)`: the swipe in `record` was reverted; that card is on top again.
/// - `inserted(range)`: cards now occupy `range` of ``Deck/cards``.
/// - `removed(range)`: the cards that stood at `range` are gone.
/// - `reloaded(range)`: `range` now holds the replacement cards.
/// - `finished`: an insert, remove or reload took away every card not yet swiped; show the
///   empty state without a fly-off.
///
/// ```swift
/// var deck = Deck(name: "d", cards: [Card(id: "a", title: "A"), Card(id: "b", title: "B")])
/// switch deck.swipe(.right) {
/// case .swiped(let record, let appeared)?: print(record.card, appeared?.id as Any)
/// case .undone?, .inserted?, .removed?, .reloaded?, .finished?, nil: break
/// }
/// ```
public enum DeckChange: Hashable, Sendable {
    case swiped(SwipeRecord, appeared: Card?)
    case undone(SwipeRecord)
    case inserted(Range<Int>)
    case removed(Range<Int>)
    case reloaded(Range<Int>)
    case finished
}
