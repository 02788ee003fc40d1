import SwipeCore
import SwipeProtocol

extension Room {
    /// How long members restored after a restart count as voters before they are taken as gone (ms).
    ///
    /// ```swift
    /// Room.defaultRestartGrace   // 60_000
    /// ```
    public static let defaultRestartGrace: ServerTime = 60_000

    /// After a restart nobody is connected: every member is offline and a lockstep timer starts
    /// afresh for the current card (server time restarts with the process). Members who were online
    /// when the server went down are expected back for `grace` ms (those who had already left stay
    /// gone): in lockstep they still count as the card's voters, as if online, so a card does not
    /// resolve before they had a chance to come back, and a host keeps the role. Whoever has not
    /// resumed by then counts as gone: the card resolves by the same rule as when a member leaves,
    /// and a gone host hands over. Returns the timer effects.
    ///
    /// ```swift
    /// let effects = room.restarted(at: now, grace: 60_000)   // [.scheduleTimer(at: now + 30_000), …] for a 30 s timer
    /// ```
    public mutating func restarted(at now: ServerTime, grace: ServerTime = Room.defaultRestartGrace) -> [RoomEffect] {
        let expectsVoters = waitsForReturns(grace: grace)
        for index in members.indices {
            // Only those who were online when the server went down are waited for: whoever had
            // already left (logged offline) stays gone.
            takeAway(index, expectedBack: expectsVoters && members[index].online)
        }
        lastActivity = now
        deadline = nil
        graceDeadline = expectsVoters && members.contains(where: \.awaitingReturn) ? now + grace : nil
        // With no grace period, whoever was offline is gone at once: everyone left may have voted.
        if graceDeadline == nil, case let decided = resolveLockstepIfDecided(at: now), !decided.isEmpty { return decided }
        let timer = startCardTimer(at: now)
        // The grace period's end or a closing time (past already after a long stop: at once).
        if timer.isEmpty, let wake = nextWakeup { return [.scheduleTimer(at: max(now, wake))] }
        return timer
    }

    /// Whether members who went away without leaving are still expected back for a grace period
    /// (a lockstep voter counts for the card, a host keeps the role): only while the room is in its
    /// lobby or voting, and only with a grace period.
    func waitsForReturns(grace: ServerTime) -> Bool {
        switch phase {
        case .lobby, .voting: return grace > 0
        case .finished, .closed: return false
        }
    }

    /// Marks a member offline; a voter `expectedBack` counts as online until the grace period ends.
    mutating func takeAway(_ index: Int, expectedBack: Bool) {
        members[index].awaitingReturn = expectedBack && members[index].role.canVote
        members[index].online = false
        members[index].lastDragSentAt = nil
    }

    /// `effects` and, unless they already schedule one, the room's next wake-up (deadline or grace end).
    func withNextWakeup(_ effects: [RoomEffect]) -> [RoomEffect] {
        let scheduled = effects.contains { if case .scheduleTimer = $0 { true } else { false } }
        guard !scheduled, let next = nextWakeup else { return effects }
        return effects + [.scheduleTimer(at: next)]
    }

    /// The grace period is over: members who have not resumed count as gone, and the log says so
    /// (a later restart does not wait for them again). The current card resolves if everyone left
    /// has voted.
    mutating func endGracePeriod(at now: ServerTime) -> [RoomEffect] {
        let before = currentTally
        graceDeadline = nil
        var effects: [RoomEffect] = []
        for index in members.indices where members[index].awaitingReturn {
            members[index].awaitingReturn = false
            effects.append(log(.memberOffline(member: members[index].id), at: now))
        }
        effects += eligibilityChanged(from: before)
        effects += resolveLockstepIfDecided(at: now)
        return effects + handOverHostIfGone(at: now)
    }

    /// Lockstep: the current card's tally now (nil when no card is being voted on).
    package var currentTally: Tally? {
        guard settings.pacing == .lockstep, phase == .voting, let card = currentCard else { return nil }
        return tally(of: card.id)
    }

    /// Lockstep: everyone gets the current card's tally again when who counts changed (a member
    /// joined, left, came back, or the grace period ended), so "N/M voted" is right on every screen.
    func eligibilityChanged(from before: Tally?) -> [RoomEffect] {
        guard let after = currentTally, after != before else { return [] }
        return [.broadcast(.tally(after), except: nil)]
    }
}
