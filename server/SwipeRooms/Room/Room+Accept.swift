import SwipeCore
import SwipeProtocol

/// The host's `accept`: once the deck is done with no winner, the card that leads the deck's
/// ranking is taken as the group's choice in one step, without a final round.
extension Room {
    /// The host's `accept`. A card that leads alone (a match ahead of the other matches, or with
    /// no match the card ahead of every other by score, likes and fewer nopes) wins, decided by
    /// `accepted`. Level cards at the top are what a final round is for, so a lockstep room is
    /// refused and pointed at `finalRound`; a free room cannot play a round, so there the deck's
    /// ranking decides among them (`tieBreak`).
    ///
    /// ```swift
    /// room.handle(.messageReceived("m1", .host(HostCommand(command: .accept))), at: now)
    /// // [.append(winnerDecided(pho, accepted, 0)), .broadcast(.winner(…)), .broadcast(.results(…))]
    /// ```
    mutating func acceptLeader(by host: MemberID, at now: ServerTime) -> [RoomEffect] {
        if let refusal = undecidedRefusal("accept", to: host) { return [refusal] }
        guard let leader = deckLeader() else { return [fail(host, .notAllowed, "host accept: the deck has no cards")] }
        let level = leader.level
        if level.count == 1 { return decideAndTellResults(leader.top.card, .accepted, at: now) }
        switch settings.pacing {
        case .lockstep:
            let titles = level.prefix(3).map { "\"\($0.title)\"" }.joined(separator: ", ")
            return [fail(host, .notAllowed, "host accept: \(level.count) cards are level at the top (\(titles)\(level.count > 3 ? ", …" : "")); "
                         + "a final round decides between them")]
        case .free:
            return decideAndTellResults(leader.top.card, .tieBreak, at: now)
        }
    }

    /// The deck's ranking's first row and the rows level with it (the same matched, score, likes
    /// and nopes; the first among them by deck order): what `accept` and a closing time decide on.
    ///
    /// ```swift
    /// room.deckLeader()?.level.count   // 1 when one card leads alone
    /// ```
    func deckLeader() -> (top: ResultRow, level: ArraySlice<ResultRow>)? {
        let rows = deckRanking()
        guard let top = rows.first else { return nil }
        return (top, rows.prefix { $0.matched == top.matched && $0.isLevel(with: top) })
    }

    /// Why the host's `command` (`finalRound`, `accept`) cannot decide now: the deck is not done,
    /// or a card already won. Nil when the room waits for its decision.
    func undecidedRefusal(_ command: String, to host: MemberID) -> RoomEffect? {
        guard phase == .finished else {
            return fail(host, .notAllowed, "host \(command): the deck is not done yet (reveal ends it early)")
        }
        guard let winner else { return nil }
        let title = cardIndex[winner.card].map { cards[$0].title } ?? winner.card.rawValue
        return fail(host, .notAllowed, "host \(command): \"\(title)\" already won")
    }

    /// A winner decided after the room finished: everyone gets `winner`, then the results that name it.
    private mutating func decideAndTellResults(_ card: CardID, _ reason: WinnerReason, at now: ServerTime) -> [RoomEffect] {
        decideWinner(card, reason, round: 0, at: now) + [.broadcast(.results(results()), except: nil)]
    }
}
