import SwipeCore
import SwipeProtocol

extension Room {
    /// Lockstep: resolves the current card once every eligible voter (`isEligible`: online, expected
    /// back after a restart, or already voted) has voted, or once the quorum is met. Who has voted is
    /// compared, not how many: an offline member's vote never stands in for an online member's.
    mutating func resolveLockstepIfDecided(at now: ServerTime) -> [RoomEffect] {
        guard settings.pacing == .lockstep, phase == .voting, let card = currentCard else { return [] }
        let current = tally(of: card.id)
        let everyoneVoted = current.eligible > 0 && current.voted == current.eligible
        let quorumMet = settings.quorum.map { current.voted >= $0 } ?? false
        guard everyoneVoted || quorumMet else { return [] }
        // Once everyone voted, eligible == voted; a quorum decides among the votes cast.
        let matched = settings.rule.holds(for: current, eligible: current.voted)
        return resolve(card, matched ? .match : .noMatch, decidedAmong: current.voted, at: now)
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

    /// The room's timer: the end of the restart grace period, the lockstep card's deadline, or both.
    mutating func timerFired(at now: ServerTime) -> [RoomEffect] {
        var effects: [RoomEffect] = []
        if let grace = graceDeadline, now >= grace { effects += endGracePeriod(at: now) }
        if isSealed, let close = closeDeadline, now >= close { effects += closeNow(at: now) }
        if settings.pacing == .lockstep, phase == .voting, let deadline, now >= deadline, let card = currentCard {
            let current = tally(of: card.id)
            let matched = current.voted > 0 && settings.rule.holds(for: current, eligible: current.voted)
            effects += resolve(card, matched ? .match : .timedOut, decidedAmong: current.voted, at: now)
        }
        // Whatever is still ahead (a deadline past the grace period's end, or the other way round).
        return withNextWakeup(effects)
    }

    /// When the room next needs `.timerFired`: the card's deadline, the grace period's end or
    /// (while sealed) the closing time, whichever is first.
    package var nextWakeup: ServerTime? {
        func earlier(_ a: ServerTime?, _ b: ServerTime?) -> ServerTime? { a.map { a in b.map { min(a, $0) } ?? a } ?? b }
        return earlier(earlier(deadline, graceDeadline), isSealed ? closeDeadline : nil)
    }

    /// Records the outcome and tells everyone in one `cardResolved`: the animations, the new window,
    /// the match, then what comes next.
    /// `decidedAmong` is the `eligible` the rule was applied to (the votes cast, when a timer or
    /// quorum decided); the final tally reports it, so `cardResolved` and `match` say what was compared.
    mutating func resolve(_ card: Card, _ outcome: CardOutcome, decidedAmong: Int? = nil, at now: ServerTime) -> [RoomEffect] {
        outcomes[card.id] = outcome
        let inRound = cardIndex[card.id].flatMap { round(containing: $0) }
        // A final round's cards lead or not by their scores; only the deck's own cards are matches.
        if outcome == .match, inRound == nil { matches.append(card.id) }
        var finalTally = tally(of: card.id)
        if let decidedAmong { finalTally.eligible = decidedAmong }
        var effects: [RoomEffect] = [log(.cardResolved(card: card.id, outcome: outcome), at: now)]
        // One message for the whole resolution (protocol 3); the shell splits it for older versions.
        // A round's card that the group agrees on again is announced as any match is (it counts
        // towards the round's ranking, not the deck's matches).
        let matched = outcome == .match ? card : nil
        switch settings.pacing {
        case .lockstep:
            currentIndex += 1
            let (visible, remaining) = window(for: MemberID(""))
            let animations = RoomAnimations.lockstepResolution(card: card.id, outcome: outcome, tally: finalTally, window: visible,
                                                               layout: settings.layout, at: animationStart(at: now))
            effects.append(.broadcast(.cardResolved(CardResolved(card: card.id, outcome: outcome, tally: finalTally, visible: visible,
                                                                 remaining: remaining, animations: animations, matched: matched)),
                                      except: nil))
        case .free:
            for member in members {
                let (visible, remaining) = window(for: member.id)
                effects.append(.send(.cardResolved(CardResolved(card: card.id, outcome: outcome, tally: finalTally,
                                                                visible: visible, remaining: remaining, matched: matched)),
                                     to: member.id))
            }
        }
        if settings.pacing == .lockstep, currentCard == nil, let inRound {
            effects += endRound(inRound, at: now)
        } else if outcomes.count >= cards.count || (settings.pacing == .lockstep && currentCard == nil) {
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
        return [.scheduleTimer(at: nextWakeup ?? at), .broadcast(.phase(PhaseChanged(phase: .voting, deadline: at)), except: nil)]
    }

    /// Ends voting and sends everyone the final results (with the winner, when exactly one card matched).
    mutating func finish(at now: ServerTime) -> [RoomEffect] {
        guard phase == .voting || phase == .lobby else { return [] }
        let deckChanged = phase == .lobby && freezeProposals()
        phase = .finished
        deadline = nil
        graceDeadline = nil
        var effects: [RoomEffect] = [
            log(.phaseChanged(phase: .finished), at: now),
            .cancelTimer,
            .broadcast(.phase(PhaseChanged(phase: .finished)), except: nil),
        ]
        if deckChanged { effects += welcomeEveryone(at: now) }
        effects += decideOnlyMatch(at: now)
        effects.append(.broadcast(.results(results()), except: nil))
        return effects
    }
}
