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
    /// How far ahead (ms) of the decision every animation is scheduled (`startAt`), so that each
    /// screen, having received it before it starts, starts it at the same instant. A server
    /// setting (`--animation-lead`), not logged: like `maxMembers`, the running server's value.
    public var animationLead: ServerTime
    /// How every screen stacks the cards (chosen at creation, logged, sent in `welcome`).
    public var layout: RoomLayout
    /// When the room closes and decides, on the wall clock (ms since 1970; logged). A room with a
    /// closing time is free-paced and seals its votes until then (`Room+Closing.swift`).
    public var closesAt: Double?

    /// The default animation lead: 80 ms, more than a round trip on the networks groups use and
    /// short enough not to be seen as lag.
    public static let defaultAnimationLead: ServerTime = 80

    public init(rule: VoteRule = .majority, pacing: Pacing = .lockstep, timerSeconds: Double? = nil, quorum: Int? = nil,
                maxMembers: Int = 64, animationLead: ServerTime = RoomSettings.defaultAnimationLead, layout: RoomLayout = .stack,
                closesAt: Double? = nil) {
        self.rule = rule
        self.pacing = pacing
        self.timerSeconds = timerSeconds
        self.quorum = quorum
        self.maxMembers = maxMembers
        self.animationLead = animationLead
        self.layout = layout
        self.closesAt = closesAt
    }
}
