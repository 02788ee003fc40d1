import SwipeCore
import SwipeProtocol

/// A room with a closing time (`RoomSettings.closesAt`): it waits for its group over hours or days.
/// Until the close every member sees every card, votes are sealed (no member sees another's, and
/// no card is decided), and each may undo their own; at the close the rule is applied to each
/// card over the votes cast on it, and the room decides its one winner with nobody online
/// (`closeNow`): the only match; else the ranking's leader among the matches (`leadingMatch`) or,
/// with no match, among all cards (`leadingCard`); cards level at the top go to the ranking's
/// order (`tieBreak`).
extension Room {
    /// Whether votes are sealed now: the room has a closing time and has not closed yet.
    ///
    /// ```swift
    /// room.isSealed   // true until closesAt (or the host's reveal)
    /// ```
    public var isSealed: Bool {
        guard settings.closesAt != nil else { return false }
        switch phase {
        case .lobby, .voting: return true
        case .finished, .closed: return false
        }
    }

    /// The closing time on this server's clock (`closesAt` less the wall clock at server time 0).
    ///
    /// ```swift
    /// room.closeDeadline   // 7_200_000 when the room closes two hours after the server started
    /// ```
    public var closeDeadline: ServerTime? { settings.closesAt.map { $0 - wallClockAtZero } }

    /// The closing time as the protocol writes it (`2026-11-29T12:00:00Z`).
    var closesAtText: String? { settings.closesAt.map { UTCTimestamp(millisecondsSince1970: $0).iso8601 } }


    /// The close: each undecided card is resolved by the rule over the votes cast on it, the
    /// room finishes, and one winner is decided. Logged card by card, so a restore replays it.
    ///
    /// ```swift
    /// room.handle(.timerFired, at: room.closeDeadline!)   // [.append(cardResolved…), …, .broadcast(.winner(…)), .broadcast(.results(…))]
    /// ```
    mutating func closeNow(at now: ServerTime) -> [RoomEffect] {
        guard isSealed else { return [] }
        var effects: [RoomEffect] = []
        for card in cards.prefix(deckCount) where outcomes[card.id] == nil {
            let current = tally(of: card.id)
            let matched = current.voted > 0 && settings.rule.holds(for: current, eligible: current.voted)
            let outcome: CardOutcome = matched ? .match : (current.voted > 0 ? .noMatch : .timedOut)
            outcomes[card.id] = outcome
            if matched { matches.append(card.id) }
            effects.append(log(.cardResolved(card: card.id, outcome: outcome), at: now))
        }
        // One winner, through the same decision every ending takes (it finishes the room, and
        // everyone gets the winner and the results); a deck with no card only finishes.
        guard let (card, reason) = closingDecision() else { return effects + finish(at: now) }
        return effects + decideWinner(card, reason, round: 0, at: now)
    }

    /// The card the close decides for, and why: the only match; else the ranking's first, which
    /// leads alone or wins the tie-break.
    func closingDecision() -> (CardID, WinnerReason)? {
        if matches.count == 1 { return (matches[0], .onlyMatch) }
        guard let leader = deckLeader() else { return nil }
        if leader.level.count > 1 { return (leader.top.card, .tieBreak) }
        return (leader.top.card, leader.top.matched ? .leadingMatch : .leadingCard)
    }
}
