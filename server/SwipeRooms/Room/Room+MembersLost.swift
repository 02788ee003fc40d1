import SwipeCore
import SwipeProtocol

extension Room {
    /// Members who went away without leaving: their connection dropped (`memberDisconnected`), or
    /// their server node stopped answering (in a cluster). Offline from now on. In a room that is
    /// voting (or in its lobby) they are expected back for `grace` ms, as after a restart: in
    /// lockstep they still count as the card's voters, so it does not resolve while they
    /// reconnect, and a host keeps the role. Whoever is not back by then counts as gone
    /// (`endGracePeriod`). With `grace` 0 (they left on purpose) they count as gone at once: the
    /// card resolves if everyone left has voted, and a gone host hands over (`handOverHostIfGone`).
    ///
    /// ```swift
    /// let effects = room.membersLost(["m2", "m3"], grace: 60_000, at: now)
    /// // [.append(memberOffline m2), .broadcast(memberOffline m2), …, .scheduleTimer(at: now + 60_000)]
    /// ```
    public mutating func membersLost(_ lost: [MemberID], grace: ServerTime, at now: ServerTime) -> [RoomEffect] {
        let before = currentTally
        let waits = waitsForReturns(grace: grace)
        var effects: [RoomEffect] = []
        for id in lost {
            guard let index = memberIndex(id), members[index].online else { continue }
            takeAway(index, expectedBack: waits)
            // Someone expected back is logged gone only when the grace ends (`endGracePeriod`), so a
            // restart in between waits for them again, as for anyone online when it went down.
            if !members[index].awaitingReturn { effects.append(log(.memberOffline(member: id), at: now)) }
            effects.append(.broadcast(.memberOffline(MemberRef(member: id)), except: id))
        }
        guard !effects.isEmpty else { return [] }
        if waits, members.contains(where: \.awaitingReturn) { graceDeadline = max(graceDeadline ?? now, now + grace) }
        let resolution = resolveLockstepIfDecided(at: now)
        effects += resolution.isEmpty ? eligibilityChanged(from: before) : resolution
        return withNextWakeup(effects + handOverHostIfGone(at: now))
    }
}
