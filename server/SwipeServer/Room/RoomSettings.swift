import SwipeProtocol

/// How a room votes and moves through its deck, fixed at creation.
///
/// ```swift
/// let settings = RoomSettings(rule: .atLeast(likes: 2), pacing: .lockstep, timerSeconds: 30, quorum: nil)
/// ```
public struct RoomSettings: Hashable, Sendable, Codable {
    public var rule: VoteRule
    public var pacing: Pacing
    /// Lockstep: seconds each card stays up before it resolves as timed out.
    public var timerSeconds: Double?
    /// Lockstep: a card resolves once this many members have voted on it.
    public var quorum: Int?
    /// The most members (all roles) the room admits.
    public var maxMembers: Int

    public init(rule: VoteRule = .majority, pacing: Pacing = .lockstep, timerSeconds: Double? = nil, quorum: Int? = nil,
                maxMembers: Int = 64) {
        self.rule = rule
        self.pacing = pacing
        self.timerSeconds = timerSeconds
        self.quorum = quorum
        self.maxMembers = maxMembers
    }
}
