import SwipeCore
import SwipeProtocol

extension Room {
    /// What is wrong with the room's state, if anything (empty when valid). The fuzz tests check
    /// this after every event; it never changes the room.
    ///
    /// ```swift
    /// #expect(room.checkInvariants().isEmpty)
    /// ```
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        let ids = members.map(\.id)
        if Set(ids).count != ids.count { problems.append("member ids repeat: \(ids)") }
        if members.filter({ $0.role == .host }).count > 1 { problems.append("more than one host") }
        if phase != .closed, hostIsGone, let heir = hostHeir {
            problems.append("the host is gone while \(members[heir].id) is online to take over")
        }
        if members.count > settings.maxMembers { problems.append("\(members.count) members, limit \(settings.maxMembers)") }
        for (card, cardVotes) in votes {
            guard cardIndex[card] != nil else { problems.append("votes on unknown card \(card)"); continue }
            guard outcomes[card] == nil else { continue }   // resolved cards keep kicked members' votes
            for (member, _) in cardVotes {
                guard let voter = members.first(where: { $0.id == member }) else {
                    problems.append("vote on open card \(card) by \(member), who is not a member")
                    continue
                }
                if !voter.role.canVote { problems.append("vote on \(card) by spectator \(member)") }
                if !(cardIndex[card].map(voter.voteOrder.contains) ?? false) { problems.append("\(member)'s vote on \(card) is missing from their vote order") }
            }
        }
        for member in members {
            if member.voteOrder.hasRepeats { problems.append("\(member.id) voted twice on a card") }
            for card in member.voteOrder.cards(in: cards) where votes[card]?[member.id] == nil {
                problems.append("\(member.id)'s vote order lists \(card) without a vote")
            }
        }
        for card in outcomes.keys where cardIndex[card] == nil { problems.append("outcome for unknown card \(card)") }
        let matched = outcomes.filter { $0.value == .match && (cardIndex[$0.key].map { round(containing: $0) == nil } ?? true) }.map(\.key)
        if Set(matches) != Set(matched) || matches.count != matched.count {
            problems.append("matches \(matches) disagree with outcomes \(matched)")
        }
        switch settings.pacing {
        case .lockstep:
            if currentIndex > cards.count { problems.append("current index \(currentIndex) past \(cards.count) cards") }
            // Since the last final round began, cards before it may be left undecided (the host revealed early).
            let segment = rounds.last?.firstIndex ?? 0
            for (index, card) in cards.enumerated() where index >= segment && (outcomes[card.id] != nil) != (index < currentIndex) {
                if cardIndex[card.id] == index { problems.append("lockstep card \(index) resolved out of order") }
            }
        case .free:
            break
        }
        for card in cards {
            let tally = tally(of: card.id)
            if tally.likes + tally.nopes + tally.superLikes != tally.voted { problems.append("tally of \(card.id) does not add up") }
        }
        switch phase {
        case .finished, .closed:
            if deadline != nil { problems.append("a \(phase.rawValue) room has a deadline") }
        case .lobby, .voting:
            if winner != nil { problems.append("a \(phase.rawValue) room has a winner") }
        }
        if phase != .lobby, !proposals.isEmpty { problems.append("\(proposals.count) proposals left outside the lobby") }
        for (earlier, later) in zip(rounds, rounds.dropFirst()) where later.candidates.count >= earlier.candidates.count {
            problems.append("final round \(later.round) is over \(later.candidates.count) cards, no fewer than round \(earlier.round)")
        }
        if let winner, cardIndex[winner.card].map({ $0 >= deckCount }) ?? true {
            problems.append("the winner \(winner.card) is not one of the deck's cards")
        }
        return problems
    }
}

extension RoomRegistry {
    /// What is wrong with any room or the registry itself (empty when valid).
    ///
    /// ```swift
    /// #expect(registry.checkInvariants().isEmpty)
    /// ```
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        if rooms.count > limits.maxRooms { problems.append("\(rooms.count) rooms, limit \(limits.maxRooms)") }
        for (code, room) in rooms {
            if room.code != code { problems.append("room \(room.code) filed under \(code)") }
            if room.phase == .closed { problems.append("closed room \(code) still listed") }
            problems += room.checkInvariants().map { "\(code): \($0)" }
        }
        return problems
    }
}
