import SwipeProtocol

extension WinnerReason {
    /// How the winner was decided, in a few words for the winner banner and the results screen.
    /// `round` is the final round that decided (0: none was played).
    ///
    /// ```swift
    /// WinnerReason.votes.phrase(round: 1)      // "won final round 1"
    /// WinnerReason.accepted.phrase(round: 0)   // "the host accepted the leader"
    /// ```
    public func phrase(round: Int) -> String {
        switch self {
        case .onlyMatch: return "the only match"
        case .votes: return "won final round \(round)"
        case .tieBreak: return round > 0 ? "tied in round \(round): the ranking decided" : "tied at the top: the ranking decided"
        case .accepted: return "the host accepted the leader"
        case .leadingMatch: return "led the matches at the close"
        case .leadingCard: return "no match: led the ranking at the close"
        }
    }
}
