import SwipeCore
import SwipeProtocol

extension Room {
    /// The ranking of the deck's cards: matches first, then by score (super-likes double), likes,
    /// fewer nopes, and deck order. Each row names who voted what. With final rounds, each round's
    /// own ranking follows, and the `winner` once the room has one.
    ///
    /// ```swift
    /// room.results().ranking.first?.card   // the best card
    /// room.results().winner                // the room's one decision, if any
    /// ```
    public func results() -> Results {
        if isSealed {   // sealed until the close: the time, and no votes
            var sealed = Results(final: false, ranking: [])
            sealed.closesAt = closesAtText
            sealed.sealed = true
            sealed.cards = deckCount
            sealed.progress = Dictionary(voters.map { ($0.name, $0.voteOrder.count) }, uniquingKeysWith: max)
            return sealed
        }
        var results = Results(final: phase == .finished || phase == .closed, ranking: deckRanking())
        results.closesAt = closesAtText
        if !rounds.isEmpty { results.rounds = rounds.map { RoundResults(round: $0.round, ranking: roundRanking($0)) } }
        results.winner = winner?.card
        results.decidedBy = winner?.decidedBy
        return results
    }

    /// Ranks `(deck index, card)` pairs: matched first, then score, likes, fewer nopes, index.
    func rank(_ entries: [(index: Int, card: Card)], matched: (CardID) -> Bool) -> [ResultRow] {
        let names = Dictionary(members.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let rows: [(index: Int, row: ResultRow)] = entries.compactMap { index, card in
            guard cardIndex[card.id] == index else { return nil }
            let counts = tally(of: card.id)
            var byName: [String: Vote] = [:]
            for (member, vote) in votes[card.id] ?? [:] {
                var name = names[member] ?? member.rawValue
                if byName[name] != nil { name += " (\(member))" }
                byName[name] = vote
            }
            return (index, ResultRow(rank: 0, card: card.id, title: card.title, likes: counts.likes, nopes: counts.nopes,
                                     superLikes: counts.superLikes, matched: matched(card.id), votes: byName))
        }
        let sorted = rows.sorted { a, b in
            if a.row.matched != b.row.matched { return a.row.matched }
            if a.row.score != b.row.score { return a.row.score > b.row.score }
            if a.row.likes != b.row.likes { return a.row.likes > b.row.likes }
            if a.row.nopes != b.row.nopes { return a.row.nopes < b.row.nopes }
            return a.index < b.index
        }
        return sorted.enumerated().map { position, entry in
            var row = entry.row
            row.rank = position + 1
            return row
        }
    }
}

extension ResultRow {
    /// Whether this row and `other` are level by the votes: the same score, likes and nopes (the
    /// ranking's order among level rows is only the deck's order).
    ///
    /// ```swift
    /// pho.isLevel(with: tacos)   // true when both have 2 likes and no nopes
    /// ```
    func isLevel(with other: ResultRow) -> Bool {
        score == other.score && likes == other.likes && nopes == other.nopes
    }
}
