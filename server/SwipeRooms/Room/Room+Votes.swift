import SwipeCore
import SwipeProtocol

extension Room {
    /// Checks that `member` may act on `card` now; returns the refusal if not.
    func refusal(_ verb: String, card: CardID, by index: Int) -> RoomEffect? {
        let member = members[index]
        switch phase {
        case .lobby: return fail(member.id, .notAllowed, "\(verb): the host has not started the room yet")
        case .finished:
            if let closed = closesAtText { return fail(member.id, .notAllowed, "\(verb): room \(code) closed (its closing time was \(closed)); voting has finished") }
            return fail(member.id, .notAllowed, "\(verb): voting has finished in room \(code)")
        case .closed: return fail(member.id, .roomClosed, "\(verb): room \(code) is closed")
        case .voting: break
        }
        if !member.role.canVote { return fail(member.id, .notAllowed, "\(verb): spectators cannot vote or drag") }
        // The lockstep card being voted on exists and is open: no lookups (drags ask 30 times a second).
        if settings.pacing == .lockstep, currentCard?.id == card { return nil }
        if cardIndex[card] == nil { return fail(member.id, .unknownCard, "\(verb): no card \"\(card)\" in this room's deck") }
        if outcomes[card] != nil { return fail(member.id, .cardResolved, "\(verb): card \"\(card)\" is already resolved") }
        return nil
    }

    mutating func swipe(_ swipe: SwipeVote, by index: Int, at now: ServerTime) -> [RoomEffect] {
        let id = members[index].id
        // A resend: the same seq for the same vote. A seq reused for another vote is a new one.
        if let seq = swipe.seq, let applied = members[index].appliedSeqs[seq],
           applied.card == swipe.card, applied.vote == swipe.direction.vote {
            return [reacknowledge(applied, seq: seq, for: id)]
        }
        if let existing = votes[swipe.card]?[id], outcomes[swipe.card] == nil {
            return [fail(id, .alreadyVoted, "swipe: you already voted \(existing.rawValue) on \"\(swipe.card)\"; undo first")]
        }
        if let refused = refusal("swipe", card: swipe.card, by: index) { return [refused] }
        guard topCard(for: id)?.id == swipe.card else {
            let top = topCard(for: id).map { "\"\($0.id)\"" } ?? "none"
            return [fail(id, .notCurrentCard, "swipe: \"\(swipe.card)\" is not your top card (top card: \(top))")]
        }
        let vote = swipe.direction.vote
        votes[swipe.card, default: [:]][id] = vote
        if let position = cardIndex[swipe.card] { members[index].voteOrder.append(position) }
        if let seq = swipe.seq { members[index].appliedSeqs[seq] = AppliedSeq(card: swipe.card, vote: vote) }
        var effects: [RoomEffect] = [
            log(.voteCast(member: id, card: swipe.card, vote: vote, seq: swipe.seq), at: now),
            .send(.voteAccepted(ack(swipe.card, vote, seq: swipe.seq, for: id)), to: id),
        ]
        if settings.pacing == .free {
            effects += RoomAnimations.ownSwipe(card: swipe.card, direction: swipe.direction, for: id,
                                               window: window(for: id).visible, layout: settings.layout,
                                               at: animationStart(at: now))
        }
        // One message per vote for protocol 2: the tally carries the voter's marks; protocol 1 gets
        // them after it in a memberUpdated. Sealed votes: only the voter's progress, and no card is
        // decided before the close (`Room+Closing.swift`).
        let info = memberInfo(members[index])
        if isSealed { return effects + [.broadcast(.memberUpdated(info), except: nil)] }
        effects.append(.broadcast(.tally(tally(of: swipe.card).followingVote(of: info)), except: nil))
        effects.append(.broadcastToProtocol1(.memberUpdated(info), except: nil))
        switch settings.pacing {
        case .lockstep: effects += resolveLockstepIfDecided(at: now)
        case .free: effects += resolveFreeIfDecided(swipe.card, at: now)
        }
        return effects
    }

    mutating func undo(_ undo: UndoVote, by index: Int, at now: ServerTime) -> [RoomEffect] {
        let id = members[index].id
        if let seq = undo.seq, let applied = members[index].appliedSeqs[seq], applied.vote == nil,
           undo.card == nil || undo.card == applied.card {
            return [reacknowledge(applied, seq: seq, for: id)]
        }
        let target = undo.card ?? members[index].voteOrder.last(in: cards) { outcomes[$0] == nil }
        guard let card = target else { return [fail(id, .nothingToUndo, "undo: you have no vote on an unresolved card")] }
        if cardIndex[card] == nil { return [fail(id, .unknownCard, "undo: no card \"\(card)\" in this room's deck")] }
        if outcomes[card] != nil { return [fail(id, .cardResolved, "undo: card \"\(card)\" is already resolved")] }
        guard let previous = votes[card]?[id] else {
            return [fail(id, .nothingToUndo, "undo: you have not voted on \"\(card)\"")]
        }
        votes[card]?[id] = nil
        if let position = cardIndex[card] { members[index].voteOrder.remove(position) }
        if let seq = undo.seq { members[index].appliedSeqs[seq] = AppliedSeq(card: card, vote: nil) }
        var effects: [RoomEffect] = [
            log(.voteUndone(member: id, card: card, seq: undo.seq), at: now),
            .send(.voteAccepted(ack(card, nil, seq: undo.seq, for: id, undone: true)), to: id),
        ]
        if settings.pacing == .free {
            effects.append(.send(.animation(RoomAnimations.revert(card: card, direction: previous.direction, for: id, at: animationStart(at: now))), to: id))
        }
        let info = memberInfo(members[index])
        if isSealed { return effects + [.broadcast(.memberUpdated(info), except: nil)] }
        effects.append(.broadcast(.tally(tally(of: card).followingVote(of: info)), except: nil))
        effects.append(.broadcastToProtocol1(.memberUpdated(info), except: nil))
        return effects
    }

    /// A resend of an applied `seq`: the same acknowledgement again, nothing applied.
    private func reacknowledge(_ applied: AppliedSeq, seq: Int, for member: MemberID) -> RoomEffect {
        .send(.voteAccepted(ack(applied.card, applied.vote, seq: seq, for: member, undone: applied.vote == nil)), to: member)
    }

    private func ack(_ card: CardID, _ vote: Vote?, seq: Int?, for member: MemberID, undone: Bool = false) -> VoteAccepted {
        switch settings.pacing {
        case .lockstep:
            return VoteAccepted(card: card, vote: vote, seq: seq, undone: undone)
        case .free:
            let (visible, remaining) = window(for: member)
            return VoteAccepted(card: card, vote: vote, seq: seq, undone: undone, visible: visible, remaining: remaining)
        }
    }
}
