import SwipeProtocol
import SwipeRooms

extension RoomEffect {
    /// A join refused because the room or token was wrong (what a guesser sees): counted against
    /// the address, whichever backend answered.
    ///
    /// ```swift
    /// result.effects.contains(where: RoomEffect.isGuessMiss)   // true for a wrong room code
    /// ```
    package static func isGuessMiss(_ effect: RoomEffect) -> Bool {
        guard case let .reply(.error(error), _) = effect else { return false }
        return error.code == .unknownRoom || error.code == .badToken
    }
}
