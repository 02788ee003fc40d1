import SwipeCore
import SwipeProtocol

/// A durable fact about a room. Every accepted vote, undo, membership change and resolution is
/// emitted as `.append(LogRecord)` before the effects that acknowledge it, so a store that writes
/// these before sending can replay a room after a restart.
///
/// ```swift
/// let record = LogRecord(at: 5120, room: "K7QM-X4TD-9R", event: .voteCast(member: "m1", card: "dune", vote: .like, seq: 4))
/// ```
public struct LogRecord: Hashable, Sendable, Codable {
    public var at: ServerTime
    public var room: RoomCode
    public var event: LogEvent

    public init(at: ServerTime, room: RoomCode, event: LogEvent) {
        self.at = at
        self.room = room
        self.event = event
    }
}

/// The kinds of durable facts (see `LogRecord`). Together they hold everything `Room.restore(from:)`
/// needs to rebuild a room exactly: the full cards and settings, every member with their token,
/// every vote with the client's `seq`, every resolution and phase change.
///
/// ```swift
/// LogEvent.cardResolved(card: "dune", outcome: .match)
/// ```
public enum LogEvent: Hashable, Sendable, Codable {
    /// Everything needed to rebuild the room: the full cards (inline decks have no other copy) and settings.
    /// `layout` is absent from records written before rooms had one (then `stack`); `closesAt`
    /// (wall clock, ms since 1970) from rooms without a closing time.
    case roomCreated(deck: String, cards: [Card], rule: VoteRule, pacing: Pacing, timerSeconds: Double?, quorum: Int?,
                     layout: RoomLayout? = nil, closesAt: Double? = nil)
    case memberJoined(member: MemberID, name: String, role: Role, token: String)
    case memberOnline(member: MemberID)
    case memberOffline(member: MemberID)
    case memberKicked(member: MemberID)
    case voteCast(member: MemberID, card: CardID, vote: Vote, seq: Int?)
    case voteUndone(member: MemberID, card: CardID, seq: Int?)
    case cardResolved(card: CardID, outcome: CardOutcome)
    case phaseChanged(phase: RoomPhase)
    /// The host was gone and `to`, the longest-present online member, took over (`from` is a member now).
    case hostChanged(from: MemberID, to: MemberID)
    /// An option proposed in the lobby (`start` later makes it a card).
    case proposalAdded(proposal: Proposal)
    /// A proposal withdrawn by its author or removed by the host (`by`).
    case proposalWithdrawn(id: String, by: MemberID)
    /// Final round `round` began over `cards` (the deck's ids, in order).
    case finalRoundStarted(round: Int, cards: [CardID])
    /// The room's one winner (`round` 0: no final round was needed).
    case winnerDecided(card: CardID, decidedBy: WinnerReason, round: Int)
    /// The host locked (`true`) or unlocked the room.
    case roomLocked(locked: Bool)
}

extension LogEvent {
    /// A short name for the kind of fact (the `kind` column of the store).
    ///
    /// ```swift
    /// LogEvent.phaseChanged(phase: .voting).kind   // "phaseChanged"
    /// ```
    public var kind: String {
        switch self {
        case .roomCreated: return "roomCreated"
        case .memberJoined: return "memberJoined"
        case .memberOnline: return "memberOnline"
        case .memberOffline: return "memberOffline"
        case .memberKicked: return "memberKicked"
        case .voteCast: return "voteCast"
        case .voteUndone: return "voteUndone"
        case .cardResolved: return "cardResolved"
        case .phaseChanged: return "phaseChanged"
        case .hostChanged: return "hostChanged"
        case .proposalAdded: return "proposalAdded"
        case .proposalWithdrawn: return "proposalWithdrawn"
        case .finalRoundStarted: return "finalRoundStarted"
        case .winnerDecided: return "winnerDecided"
        case .roomLocked: return "roomLocked"
        }
    }
}
