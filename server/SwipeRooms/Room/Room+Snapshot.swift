import SwipeCore
import SwipeProtocol

extension Room {
    /// Lockstep: the card everyone is on (nil once the deck is done).
    var currentCard: Card? { currentIndex < cards.count ? cards[currentIndex] : nil }

    /// The cards still ahead of `member`, top first (a lazy view: nothing is copied).
    func pendingCards(for member: MemberID) -> LazyFilterSequence<ArraySlice<Card>> {
        switch settings.pacing {
        case .lockstep:
            let start = phase == .finished || phase == .closed ? cards.count : min(currentIndex, cards.count)
            return cards[start...].lazy.filter { _ in true }
        case .free:
            return cards[...].lazy.filter { outcomes[$0.id] == nil && votes[$0.id]?[member] == nil }
        }
    }

    /// The card on top of `member`'s stack (what they may drag or vote on), without copying the deck.
    func topCard(for member: MemberID) -> Card? {
        pendingCards(for: member).first
    }

    /// The member's visible window and how many cards they have left.
    func window(for member: MemberID) -> (visible: [Card], remaining: Int) {
        let pending = pendingCards(for: member)
        let remaining: Int
        switch settings.pacing {
        case .lockstep: remaining = phase == .finished || phase == .closed ? 0 : max(0, cards.count - currentIndex)
        case .free: remaining = pending.count
        }
        return (Array(pending.prefix(Self.visibleCount)), remaining)
    }

    /// The counts on a card right now: `voted` of `eligible` (`isEligible`) have voted.
    package func tally(of card: CardID) -> Tally {
        let cardVotes = votes[card] ?? [:]
        var tally = Tally(card: card, voted: cardVotes.count, eligible: members.count { isEligible($0, given: cardVotes) })
        for vote in cardVotes.values {
            switch vote {
            case .like: tally.likes += 1
            case .nope: tally.nopes += 1
            case .superLike: tally.superLikes += 1
            }
        }
        return tally
    }

    /// Whether `member` counts among `card`'s voters (`Pacing.countsAsEligible`): in lockstep a voter
    /// who is online, still expected back after a restart, or has already voted on the card (a vote
    /// cast before going offline counts); in free pacing every voter. So `voted ≤ eligible` always,
    /// and a lockstep card has everyone's vote exactly when `voted == eligible`.
    func isEligible(_ member: Member, on card: CardID) -> Bool {
        isEligible(member, given: votes[card] ?? [:])
    }

    /// `isEligible(_:on:)` with the card's votes already looked up (a tally asks for every member).
    func isEligible(_ member: Member, given cardVotes: [MemberID: Vote]) -> Bool {
        settings.pacing.countsAsEligible(role: member.role, online: member.online || member.awaitingReturn,
                                         voted: cardVotes[member.id] != nil)
    }

    /// The full snapshot `member` needs to draw the room.
    func welcome(for member: MemberID, at now: ServerTime) -> Welcome {
        let info = members.first { $0.id == member }
        let token = info?.token ?? ""
        let (visible, remaining) = window(for: member)
        let tallies: [Tally]
        switch settings.pacing {
        case .lockstep: tallies = phase == .voting ? (currentCard.map { [tally(of: $0.id)] } ?? []) : []
        case .free: tallies = isSealed ? [] : visible.map { tally(of: $0.id) }
        }
        var myVotes: [String: Vote] = [:]
        for (card, cardVotes) in votes {
            if let vote = cardVotes[member] { myVotes[card.rawValue] = vote }
        }
        var snapshot = RoomSnapshot(
            code: code, deckName: deckName, rule: settings.rule, pacing: settings.pacing, phase: phase,
            timerSeconds: settings.timerSeconds, quorum: settings.quorum, members: members.map(memberInfo),
            totalCards: currentRound?.candidates.count ?? deckCount, remaining: remaining, visible: visible, tallies: tallies, myVotes: myVotes,
            matches: matches, deadline: deadline, layout: settings.layout)
        snapshot.proposals = proposals.isEmpty ? nil : proposals
        snapshot.locked = locked ? true : nil
        snapshot.closesAt = closesAtText
        if let round = currentRound {
            snapshot.finalRound = FinalRoundInfo(round: round.round, cards: round.candidates)
        }
        snapshot.winner = winner.flatMap { winner in
            cardIndex[winner.card].map { Winner(card: cards[$0], decidedBy: winner.decidedBy, round: winner.round) }
        }
        return Welcome(you: member, token: token, serverTime: now, room: snapshot,
                       nextSeq: (info?.appliedSeqs.keys.max() ?? 0) + 1)
    }
}
