import SwipeCore
import SwipeProtocol

/// A final round: when the deck ends with several matches (or none and a tie at the top of the
/// ranking), the host starts a round over just those cards; everyone swipes them again, in
/// lockstep. The cards that lead the round (score, then likes, then fewer nopes) go on: one leader
/// is the winner; fewer leaders than cards play another round over the leaders; when a round
/// leaves every card level, the deck's ranking decides among them (matches first, score, likes,
/// fewer nopes, deck order). Every round either ends the room or has fewer cards than the one
/// before, so it always ends with exactly one winner.
///
/// A round's cards are copies of the deck's at the end of `cards` with ids of their own
/// (`dune~r1`), so their votes, timers, undo and restore are the lockstep card's, unchanged.
struct FinalRoundState: Hashable, Sendable {
    /// The round's number, from 1.
    var round: Int
    /// The deck's cards the round is over, in order.
    var candidates: [CardID]
    /// Where the round's copies start in `cards`.
    var firstIndex: Int
}

/// The room's one decision.
struct WinnerState: Hashable, Sendable {
    var card: CardID
    var decidedBy: WinnerReason
    var round: Int
}

extension Room {
    /// How many cards belong to the deck (its own and the frozen proposals): the rest are final-round copies.
    var deckCount: Int { rounds.first?.firstIndex ?? cards.count }

    /// The final round being played, if a round's cards are on the table.
    var currentRound: FinalRoundState? {
        guard let last = rounds.last, phase == .voting || (phase == .finished && winner == nil && currentIndex > last.firstIndex) else {
            return nil
        }
        return last
    }

    /// The round a card index belongs to (nil: the deck's own cards).
    func round(containing index: Int) -> FinalRoundState? {
        rounds.last { index >= $0.firstIndex }
    }

    /// The cards a final round would be over now: the matches when more than one card matched;
    /// with no match, the cards level at the top of the ranking when more than one is, or the
    /// top three when one card leads alone (the group may still want to weigh it against the
    /// next best). Empty when there is nothing to decide between (one match, which already won,
    /// or a deck of one card).
    var finalRoundCandidates: [CardID] {
        if matches.count > 1 { return matches }
        guard matches.isEmpty else { return [] }
        let rows = deckRanking()
        guard let top = rows.first else { return [] }
        let level = rows.prefix { $0.isLevel(with: top) }
        let candidates = level.count > 1 ? Array(level) : Array(rows.prefix(Self.roundOverLeaderAndNext))
        return candidates.count > 1 ? candidates.map(\.card) : []
    }

    /// How many cards a round has when, with no match, one card leads alone: it and the next two.
    static let roundOverLeaderAndNext = 3

    /// The host's `finalRound`.
    mutating func startFinalRound(by host: MemberID, at now: ServerTime) -> [RoomEffect] {
        guard settings.pacing == .lockstep else {
            return [fail(host, .notAllowed, "host finalRound: only lockstep rooms have a final round")]
        }
        if let refusal = undecidedRefusal("finalRound", to: host) { return [refusal] }
        let candidates = finalRoundCandidates
        guard candidates.count > 1 else {
            return [fail(host, .notAllowed, "host finalRound: there is nothing to decide between: the deck has one card; accept it instead")]
        }
        return beginRound(1, over: candidates, at: now)
    }

    /// Starts round `round` over `candidates`: copies at the end of the deck, voting again, every
    /// screen re-sent the room.
    private mutating func beginRound(_ round: Int, over candidates: [CardID], at now: ServerTime) -> [RoomEffect] {
        appendRound(round, over: candidates)
        phase = .voting
        var effects: [RoomEffect] = [log(.finalRoundStarted(round: round, cards: candidates), at: now),
                                     log(.phaseChanged(phase: .voting), at: now)]
        let timer = startCardTimer(at: now)
        effects += timer.isEmpty ? [.broadcast(.phase(PhaseChanged(phase: .voting)), except: nil)] : timer
        effects += welcomeEveryone(at: now)
        return effects
    }

    /// The durable part of starting a round (live and replayed): the copies and the current card.
    mutating func appendRound(_ round: Int, over candidates: [CardID]) {
        let firstIndex = cards.count
        for id in candidates {
            guard let index = cardIndex[id] else { continue }
            var copy = cards[index]
            var copyID = "\(id.rawValue)~r\(round)"
            while cardIndex[CardID(copyID)] != nil { copyID += "~" }
            copy.id = CardID(copyID)
            appendCard(copy)
        }
        rounds.append(FinalRoundState(round: round, candidates: candidates, firstIndex: firstIndex))
        currentIndex = firstIndex
    }

    /// The deck's card a round's copy stands for.
    func deckCard(of index: Int) -> CardID? {
        guard let round = round(containing: index) else { return cards.indices.contains(index) ? cards[index].id : nil }
        let offset = index - round.firstIndex
        return round.candidates.indices.contains(offset) ? round.candidates[offset] : nil
    }

    /// The last card of a round was decided: a winner, or the next round over the leaders.
    mutating func endRound(_ round: FinalRoundState, at now: ServerTime) -> [RoomEffect] {
        let rows = roundRanking(round)
        guard let top = rows.first else { return decideWinner(round.candidates.first, .tieBreak, round: round.round, at: now) }
        let leaders = rows.prefix { $0.isLevel(with: top) }.map(\.card)
        if leaders.count == 1 { return decideWinner(leaders[0], .votes, round: round.round, at: now) }
        if leaders.count < round.candidates.count {
            let next = round.candidates.filter { leaders.contains($0) }
            return beginRound(round.round + 1, over: next, at: now)
        }
        let order = deckRanking().map(\.card)
        let best = order.first { leaders.contains($0) } ?? leaders[0]
        return decideWinner(best, .tieBreak, round: round.round, at: now)
    }

    /// The host revealed during a final round: it ends now, decided by the votes so far (one card
    /// ahead wins; otherwise the deck's ranking decides among the leaders), never another round.
    mutating func endRoundNow(_ round: FinalRoundState, at now: ServerTime) -> [RoomEffect] {
        let rows = roundRanking(round)
        let leaders = rows.filter(\.matched).map(\.card)
        if leaders.count == 1 { return decideWinner(leaders[0], .votes, round: round.round, at: now) }
        let best = deckRanking().map(\.card).first { leaders.contains($0) } ?? round.candidates.first
        return decideWinner(best, .tieBreak, round: round.round, at: now)
    }

    /// At the end of the deck: exactly one match is the winner at once.
    mutating func decideOnlyMatch(at now: ServerTime) -> [RoomEffect] {
        guard winner == nil, rounds.isEmpty, matches.count == 1 else { return [] }
        return decideWinner(matches[0], .onlyMatch, round: 0, at: now)
    }

    mutating func decideWinner(_ card: CardID?, _ reason: WinnerReason, round: Int, at now: ServerTime) -> [RoomEffect] {
        guard let card, let index = cardIndex[card] else { return finish(at: now) }
        winner = WinnerState(card: card, decidedBy: reason, round: round)
        var effects: [RoomEffect] = [log(.winnerDecided(card: card, decidedBy: reason, round: round), at: now)]
        effects.append(.broadcast(.winner(Winner(card: cards[index], decidedBy: reason, round: round)), except: nil))
        if phase != .finished { effects += finish(at: now) }
        return effects
    }

    /// The deck's own cards ranked as `results` ranks them (matches first, score, likes, fewer nopes, deck order).
    func deckRanking() -> [ResultRow] {
        rank(cards.prefix(deckCount).enumerated().map { ($0.offset, $0.element) }, matched: { outcomes[$0] == .match })
    }

    /// A round's cards ranked by its own votes (score, likes, fewer nopes, round order), under the deck's ids.
    func roundRanking(_ round: FinalRoundState) -> [ResultRow] {
        let copies = round.candidates.indices.compactMap { offset -> (Int, Card)? in
            let index = round.firstIndex + offset
            return cards.indices.contains(index) ? (index, cards[index]) : nil
        }
        var rows = rank(copies, matched: { _ in false })
        let top = rows.first
        for i in rows.indices {
            if let index = cardIndex[rows[i].card], let deckID = deckCard(of: index) { rows[i].card = deckID }
            // `matched` in a round: the card led it (went on to the next round, or won).
            rows[i].matched = rows[i].score == top?.score && rows[i].likes == top?.likes && rows[i].nopes == top?.nopes
        }
        return rows
    }
}
