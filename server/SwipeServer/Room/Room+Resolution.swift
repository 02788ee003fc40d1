import SwipeCore
import SwipeProtocol

extension Room {
    /// Lockstep: resolves the current card if every online voter voted or the quorum is met.
    mutating func resolveLockstepIfDecided(at now: ServerTime) -> [RoomEffect] {
        guard settings.pacing == .lockstep, phase == .voting, let card = currentCard else { return [] }
        let current = tally(of: card.id)
        let everyoneVoted = current.eligible > 0 && current.voted >= current.eligible
        let quorumMet = settings.quorum.map { current.voted >= $0 } ?? false
        guard everyoneVoted || quorumMet else { return [] }
        let matched = settings.rule.holds(for: current, eligible: everyoneVoted ? current.eligible : current.voted)
        return resolve(card, matched ? .match : .noMatch, at: now)
    }

    /// Free pacing: resolves `card` as a match the moment the rule holds, or as no match once every voter voted.
    mutating func resolveFreeIfDecided(_ cardID: CardID, at now: ServerTime) -> [RoomEffect] {
        guard let index = cardIndex[cardID], outcomes[cardID] == nil else { return [] }
        let current = tally(of: cardID)
        if settings.rule.holds(for: current, eligible: current.eligible) {
            return resolve(cards[index], .match, at: now)
        }
        if current.voted >= current.eligible { return resolve(cards[index], .noMatch, at: now) }
        return []
    }

    mutating func timerFired(at now: ServerTime) -> [RoomEffect] {
        guard settings.pacing == .lockstep, phase == .voting, let deadline, now >= deadline, let card = currentCard else {
            return []
        }
        let current = tally(of: card.id)
        let matched = current.voted > 0 && settings.rule.holds(for: current, eligible: current.voted)
        return resolve(card, matched ? .match : .timedOut, at: now)
    }

    /// Records the outcome and tells everyone: animation, the new window, the match, and what comes next.
    mutating func resolve(_ card: Card, _ outcome: CardOutcome, at now: ServerTime) -> [RoomEffect] {
        outcomes[card.id] = outcome
        if outcome == .match { matches.append(card.id) }
        let finalTally = tally(of: card.id)
        var effects: [RoomEffect] = [log(.cardResolved(card: card.id, outcome: outcome), at: now)]
        switch settings.pacing {
        case .lockstep:
            currentIndex += 1
            let (visible, remaining) = window(for: MemberID(""))
            effects += RoomAnimations.lockstepResolution(card: card.id, outcome: outcome, tally: finalTally,
                                                        window: visible, at: now)
            effects.append(.broadcast(.cardResolved(CardResolved(card: card.id, outcome: outcome, tally: finalTally,
                                                                 visible: visible, remaining: remaining)), except: nil))
        case .free:
            for member in members {
                let (visible, remaining) = window(for: member.id)
                effects.append(.send(.cardResolved(CardResolved(card: card.id, outcome: outcome, tally: finalTally,
                                                                visible: visible, remaining: remaining)), to: member.id))
            }
        }
        if outcome == .match { effects.append(.broadcast(.match(Match(card: card, tally: finalTally)), except: nil)) }
        if outcomes.count >= cards.count || (settings.pacing == .lockstep && currentCard == nil) {
            effects += finish(at: now)
        } else {
            effects += startCardTimer(at: now)
        }
        return effects
    }

    /// Lockstep with a timer: start the current card's clock.
    mutating func startCardTimer(at now: ServerTime) -> [RoomEffect] {
        guard settings.pacing == .lockstep, phase == .voting, let seconds = settings.timerSeconds, seconds > 0 else { return [] }
        let at = now + seconds * 1000
        deadline = at
        return [.scheduleTimer(at: at), .broadcast(.phase(PhaseChanged(phase: .voting, deadline: at)), except: nil)]
    }

    /// Ends voting and sends everyone the final results.
    mutating func finish(at now: ServerTime) -> [RoomEffect] {
        guard phase == .voting || phase == .lobby else { return [] }
        phase = .finished
        deadline = nil
        return [
            log(.phaseChanged(phase: .finished), at: now),
            .cancelTimer,
            .broadcast(.phase(PhaseChanged(phase: .finished)), except: nil),
            .broadcast(.results(results()), except: nil),
        ]
    }
}
