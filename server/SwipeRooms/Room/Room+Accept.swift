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
        guard phase == .finished else {
            return [fail(host, .notAllowed, "host accept: the deck is not done yet (reveal ends it early)")]
        }
        if let winner, let card = cardIndex[winner.card].map({ cards[$0] }) {
            return [fail(host, .notAllowed, "host accept: \"\(card.title)\" already won")]
        }
        let rows = deckRanking()
        guard let top = rows.first else { return [fail(host, .notAllowed, "host accept: the deck has no cards")] }
        let level = rows.prefix { $0.matched == top.matched && $0.isLevel(with: top) }
        if level.count == 1 {
            return decideWinner(top.card, .accepted, round: 0, at: now) + [.broadcast(.results(results()), except: nil)]
        }
        switch settings.pacing {
        case .lockstep:
            let titles = level.prefix(3).map { "\"\($0.title)\"" }.joined(separator: ", ")
            return [fail(host, .notAllowed, "host accept: \(level.count) cards are level at the top (\(titles)\(level.count > 3 ? ", …" : "")); "
                         + "a final round decides between them")]
        case .free:
            return decideWinner(top.card, .tieBreak, round: 0, at: now) + [.broadcast(.results(results()), except: nil)]
        }
    }
}
