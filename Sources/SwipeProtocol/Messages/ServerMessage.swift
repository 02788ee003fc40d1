import SwipeCore

/// Every message the server sends. On the wire each is a JSON object whose `"type"` names the case.
///
/// ```swift
/// let m = ServerMessage.memberOnline(MemberRef(member: "m2"))
/// try WireCodec.encode(m)   // {"type":"memberOnline","member":"m2"}
/// ```
public enum ServerMessage: Hashable, Sendable {
    case welcome(Welcome)
    case memberJoined(MemberInfo)
    /// A member's marks changed (voted on the current card, votes cast): replace what you have.
    case memberUpdated(MemberInfo)
    case memberLeft(MemberRef)
    case memberOnline(MemberRef)
    case memberOffline(MemberRef)
    case phase(PhaseChanged)
    case cardState(CardState)
    case animation(CardAnimation)
    case voteAccepted(VoteAccepted)
    case tally(Tally)
    case cardResolved(CardResolved)
    case match(Match)
    case results(Results)
    case pong(Pong)
    case roomClosed(RoomClosed)
    case error(ProtocolError)
    /// Protocol 4: an option proposed in the lobby.
    case proposalAdded(Proposal)
    /// Protocol 4: a proposal withdrawn or removed.
    case proposalRemoved(ProposalRemoved)
    /// Protocol 4: the room's one winner.
    case winner(Winner)
    /// Protocol 4: the host locked or unlocked the room.
    case roomLocked(RoomLock)
    /// Protocol 4: a picture of the host's own deck arrived whole and passed the checks.
    case pictureReceived(PictureReceived)

    /// The wire name of each case.
    ///
    /// ```swift
    /// ServerMessage.tally(Tally(card: "c1")).type   // "tally"
    /// ```
    public var type: String {
        switch self {
        case .welcome: return "welcome"
        case .memberJoined: return "memberJoined"
        case .memberUpdated: return "memberUpdated"
        case .memberLeft: return "memberLeft"
        case .memberOnline: return "memberOnline"
        case .memberOffline: return "memberOffline"
        case .phase: return "phase"
        case .cardState: return "cardState"
        case .animation: return "animation"
        case .voteAccepted: return "voteAccepted"
        case .tally: return "tally"
        case .cardResolved: return "cardResolved"
        case .match: return "match"
        case .results: return "results"
        case .pong: return "pong"
        case .roomClosed: return "roomClosed"
        case .error: return "error"
        case .proposalAdded: return "proposalAdded"
        case .proposalRemoved: return "proposalRemoved"
        case .winner: return "winner"
        case .roomLocked: return "roomLocked"
        case .pictureReceived: return "pictureReceived"
        }
    }

    /// Whether a send queue may drop this message in favour of a newer one of the same kind
    /// (live drag states only; votes and results are never dropped).
    ///
    /// ```swift
    /// ServerMessage.tally(Tally(card: "c1")).isCoalescable   // false
    /// ```
    public var isCoalescable: Bool {
        switch self {
        case .cardState: return true
        case .welcome, .memberJoined, .memberUpdated, .memberLeft, .memberOnline, .memberOffline, .phase, .animation,
             .voteAccepted, .tally, .cardResolved, .match, .results, .pong, .roomClosed, .error, .proposalAdded,
             .proposalRemoved, .winner, .roomLocked, .pictureReceived:
            return false
        }
    }
}
