import SwipeProtocol

extension VoteRule {
    /// Whether a tally makes a match under this rule. Super-likes count double (`tally.score`).
    /// `eligible` is how many could vote: unanimous needs all of them to like, majority needs the
    /// weighted likes to exceed half of them, atLeast needs `likes` weighted likes, approval never
    /// matches a single card (the ranking decides).
    ///
    /// ```swift
    /// VoteRule.majority.holds(for: Tally(card: "c", likes: 2, nopes: 1, voted: 3), eligible: 3)   // true
    /// ```
    public func holds(for tally: Tally, eligible: Int) -> Bool {
        switch self {
        case .unanimous:
            return eligible > 0 && tally.nopes == 0 && tally.voted >= eligible
        case .majority:
            return eligible > 0 && tally.score * 2 > eligible
        case let .atLeast(likes):
            return tally.score >= likes
        case .approval:
            return false
        }
    }
}
