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

    /// When a room with a closing time may be forgotten, on this server's clock: `keep` ms after
    /// its closing time (an early close by the host keeps it no shorter). Nil without one.
    ///
    /// ```swift
    /// room.forgetAfter(keep: 7 * 86_400_000)
    /// ```
    public func forgetAfter(keep: ServerTime) -> ServerTime? { closeDeadline.map { $0 + keep } }

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
        // `finish` decides the only match; with several or none, the ranking's leader wins here.
        let finished = finish(at: now)
        effects += finished.filter { if case .broadcast(.results, _) = $0 { return false } else { return true } }
        if winner == nil, let (card, reason) = closingDecision() {
            effects += decideWinner(card, reason, round: 0, at: now)
        }
        effects.append(.broadcast(.results(results()), except: nil))
        return effects
    }

    /// The card the close decides for, and why, when it is not the only match (which `finish`
    /// already decided): the ranking's first, which leads alone or wins the tie-break.
    func closingDecision() -> (CardID, WinnerReason)? {
        let rows = deckRanking()
        guard let top = rows.first else { return nil }
        let level = rows.prefix { $0.matched == top.matched && $0.isLevel(with: top) }
        if level.count > 1 { return (top.card, .tieBreak) }
        return (top.card, top.matched ? .leadingMatch : .leadingCard)
    }
}
