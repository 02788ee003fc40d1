import SwipeCore
import SwipeProtocol

/// A durable fact about a room. Every accepted vote, undo, membership change and resolution is
/// emitted as `.append(LogRecord)` before the effects that acknowledge it, so a store that writes
/// these before sending can replay a room after a restart.
///
/// ```swift
/// let record = LogRecord(at: 5120, room: "K7QM-X4TD-9R", event: .voteCast(member: "m1", card: "dune", vote: .like))
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

/// The kinds of durable facts (see `LogRecord`).
///
/// ```swift
/// LogEvent.cardResolved(card: "dune", outcome: .match)
/// ```
public enum LogEvent: Hashable, Sendable, Codable {
    /// Everything needed to rebuild the room: the full cards (inline decks have no other copy) and settings.
    case roomCreated(deck: String, cards: [Card], rule: VoteRule, pacing: Pacing, timerSeconds: Double?, quorum: Int?)
    case memberJoined(member: MemberID, name: String, role: Role, token: String)
    case memberOnline(member: MemberID)
    case memberOffline(member: MemberID)
    case memberKicked(member: MemberID)
    case voteCast(member: MemberID, card: CardID, vote: Vote)
    case voteUndone(member: MemberID, card: CardID)
    case cardResolved(card: CardID, outcome: CardOutcome)
    case phaseChanged(phase: RoomPhase)
}
