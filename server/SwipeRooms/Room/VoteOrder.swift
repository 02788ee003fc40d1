import SwipeCore

/// The cards a member voted on, oldest first, kept as their positions in the room's deck
/// (`Room.cards`, which only ever grows at its end, so a position stays its card's): 4 bytes a
/// vote where a card id takes 16. A room keeps every vote (for undo, a kick and its checkpoint),
/// so at saturation this was a fifth of what a member's votes added to the server's memory.
///
/// ```swift
/// var order = VoteOrder()
/// order.append(2); order.append(0)
/// order.cards(in: deck)                       // [deck[2].id, deck[0].id]
/// order.last(in: deck) { $0 != deck[0].id }   // deck[2].id
/// order.remove(2)
/// order.count                                 // 1
/// ```
struct VoteOrder: Hashable, Sendable {
    private var positions: [Int32] = []

    init() {}

    /// The order of `cards` as a checkpoint lists them, each at its position in `index` (a card
    /// the deck lacks is left out: a vote on it could never have been cast).
    init(_ cards: [CardID], positions index: [CardID: Int]) {
        positions = cards.compactMap { index[$0].map { Int32($0) } }
    }

    /// Votes listed (one per card voted on and not undone).
    var count: Int { positions.count }

    /// Whether a card is listed twice (never, in a sound room).
    var hasRepeats: Bool { Set(positions).count != positions.count }

    /// A vote on the card at `position`, newest.
    mutating func append(_ position: Int) {
        positions.append(Int32(position))
    }

    /// Forgets the vote on the card at `position` (undone).
    mutating func remove(_ position: Int) {
        positions.removeAll { $0 == Int32(position) }
    }

    func contains(_ position: Int) -> Bool {
        positions.contains(Int32(position))
    }

    /// The cards' ids, oldest first (for checkpoints, and walking every vote).
    func cards(in deck: [Card]) -> [CardID] {
        positions.map { deck[Int($0)].id }
    }

    /// The newest card whose id satisfies `predicate` (undo's target).
    func last(in deck: [Card], where predicate: (CardID) -> Bool) -> CardID? {
        for position in positions.reversed() where predicate(deck[Int(position)].id) { return deck[Int(position)].id }
        return nil
    }
}
