import SwipeCore
import SwipeProtocol

/// One person in a room, as the engine keeps them.
struct Member: Hashable, Sendable {
    var id: MemberID
    var name: String
    var role: Role
    var token: String
    var online: Bool
    /// Cards this member voted on, most recent last (for undo).
    var voteOrder: [CardID] = []
    /// The `seq` of the member's last accepted swipe, so a resend is acknowledged once more, not refused.
    var lastSeq: Int?
    /// Server time of the last `cardState` sent for this member's drag (30 per second at most).
    var lastDragSentAt: ServerTime?
}
