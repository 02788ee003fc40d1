/// When the group's votes on a card make a match.
///
/// JSON: `{"kind":"unanimous"}`, `{"kind":"majority"}`, `{"kind":"atLeast","likes":3}`,
/// `{"kind":"approval"}` (no match is announced per card; the ranking decides).
/// Super-likes count double towards likes.
///
/// ```swift
/// let rule = VoteRule.atLeast(likes: 2)
/// ```
public enum VoteRule: Hashable, Sendable {
    case unanimous
    case majority
    case atLeast(likes: Int)
    case approval
}

extension VoteRule: Codable {
    private enum CodingKeys: String, CodingKey { case kind, likes }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "unanimous": self = .unanimous
        case "majority": self = .majority
        case "approval": self = .approval
        case "atLeast":
            let likes = try c.decode(Int.self, forKey: .likes)
            guard likes >= 1 else {
                throw DecodingError.dataCorruptedError(forKey: .likes, in: c, debugDescription: "likes must be at least 1")
            }
            self = .atLeast(likes: likes)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "unknown rule \"\(kind)\" (expected unanimous, majority, atLeast, approval)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .unanimous: try c.encode("unanimous", forKey: .kind)
        case .majority: try c.encode("majority", forKey: .kind)
        case .approval: try c.encode("approval", forKey: .kind)
        case let .atLeast(likes):
            try c.encode("atLeast", forKey: .kind)
            try c.encode(likes, forKey: .likes)
        }
    }
}

/// How the room moves through the deck.
///
/// ```swift
/// Pacing.lockstep.rawValue   // "lockstep"
/// ```
public enum Pacing: String, CaseIterable, Hashable, Sendable, Codable {
    /// Everyone on the same card; it resolves when every online voter has voted, a quorum is met,
    /// or the host's timer runs out.
    case lockstep
    /// Each member at their own pace; a match is announced the moment the rule holds.
    case free

    /// Whether a member counts toward a card's `eligible`: a voter, and in lockstep only while
    /// online or once they have voted on the card (the card does not wait for someone who is gone,
    /// and a vote cast before going offline still counts). The server's tallies and the client's
    /// "N/M voted" both count with this; the server also counts members restored after a restart
    /// as online during the grace period (`--restart-grace`).
    ///
    /// ```swift
    /// Pacing.lockstep.countsAsEligible(role: .member, online: false)               // false
    /// Pacing.lockstep.countsAsEligible(role: .member, online: false, voted: true)  // true
    /// Pacing.free.countsAsEligible(role: .member, online: false)                   // true
    /// Pacing.free.countsAsEligible(role: .spectator, online: true)                 // false
    /// ```
    /// `voted` is asked only when it decides (an offline lockstep voter): a tally asks for every
    /// member, and looking the vote up is the costly part.
    public func countsAsEligible(role: Role, online: Bool, voted: @autoclosure () -> Bool = false) -> Bool {
        guard role.canVote else { return false }
        switch self {
        case .lockstep: return online || voted()
        case .free: return true
        }
    }
}
