import SwipeCore
import SwipeProtocol

/// One person in a room, as the engine keeps them.
package struct Member: Hashable, Sendable {
    package var id: MemberID
    var name: String
    var role: Role
    package var token: String
    package var online: Bool
    /// Gone without leaving (a dropped connection, a lost node, or restored after a restart) and
    /// not back yet, within the grace period: counts as online for a lockstep card's voters, and
    /// a host keeps the role, until the grace period ends (`Room.membersLost(_:grace:at:)`,
    /// `Room.restarted(at:grace:)`, `Room.handOverHostIfGone(at:)`).
    var awaitingReturn = false
    /// Cards this member voted on, most recent last (for undo), as positions in the room's deck.
    var voteOrder = VoteOrder()
    /// The member's key tag when they came through the server's trusted SSH gateway (`KeyTag`):
    /// set on each join or resume, not logged (after a restart it shows again once they resume).
    var tag: String?
    /// Every applied swipe or undo that carried a `seq`, so a resend is acknowledged again, never applied twice.
    var appliedSeqs: [Int: AppliedSeq] = [:]
    /// Server time of the last `cardState` sent for this member's drag (30 per second at most).
    var lastDragSentAt: ServerTime?
}

/// What a swipe or undo with a client `seq` did (to acknowledge a resend the same way).
struct AppliedSeq: Hashable, Sendable {
    var card: CardID
    /// The vote cast, or nil for an undo.
    var vote: Vote?
}
