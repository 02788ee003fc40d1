import SwipeCore
import SwipeProtocol

/// Your own vote is honoured on screen: the card you voted on leaves in your vote's direction
/// under your stamp, and the group's outcome is told apart (a toast, or the match banner).
extension AppModel {
    /// The direction of this member's vote on a card (pending or acknowledged).
    func myDirection(on card: CardID) -> SwipeDirection? {
        if let pending = pendingVotes.last(where: { $0.card == card }) { return pending.direction }
        return room?.myVotes[card.rawValue]?.direction
    }

    /// Lockstep: whether this vote is the last one the group is waiting for (so the card will
    /// resolve at once and can leave now, before the server says so).
    func isLastVote(on card: CardID) -> Bool {
        guard let room, room.pacing == .lockstep, let tally = room.tallies.first(where: { $0.card == card }),
              tally.eligible > 0 else { return false }
        return tally.voted + 1 >= tally.eligible
    }

    /// Lockstep: how many members the group still waits for on a card (nil when unknown).
    func waitingCount(on card: CardID) -> Int? {
        guard let tally = room?.tallies.first(where: { $0.card == card }) else { return nil }
        return max(0, tally.eligible - tally.voted)
    }

    /// Lockstep: the offline members the current card is still waiting for (their connection
    /// dropped and the server's grace has not ended), when the count says so: more are waited
    /// for than the online members who have not voted. Empty otherwise.
    ///
    /// ```swift
    /// model.reconnecting(on: "dune")   // ["Bo"]: the status line says "waiting for Bo (reconnecting)"
    /// ```
    func reconnecting(on card: CardID) -> [String] {
        guard let waiting = waitingCount(on: card), let unvoted = lockstepVotersWithoutAVote(on: card) else { return [] }
        let awayCount = waiting - unvoted.filter(\.online).count
        let away = unvoted.filter { !$0.online }
        guard awayCount > 0, awayCount == away.count else { return [] }
        return away.map(\.name)
    }

    /// Lockstep: the online members the current card is still waiting for, by name, when the count
    /// says so (they are all the card waits for) and they are at most two; empty otherwise.
    ///
    /// ```swift
    /// model.stillToVote(on: "dune")   // ["Ann"]: the status line says "waiting for Ann"
    /// ```
    func stillToVote(on card: CardID) -> [String] {
        guard let waiting = waitingCount(on: card), (1...2).contains(waiting),
              let online = lockstepVotersWithoutAVote(on: card)?.filter(\.online) else { return [] }
        return online.count == waiting ? online.map(\.name) : []
    }

    /// Lockstep: the voters (online or not) with no vote on `card` as far as this client knows
    /// (a vote of ours the server has not marked yet counts as cast); nil in a free room.
    private func lockstepVotersWithoutAVote(on card: CardID) -> [MemberInfo]? {
        guard let room, room.pacing == .lockstep else { return nil }
        return room.members.filter { $0.role.canVote && !$0.votedCurrent && !($0.id == me && myDirection(on: card) != nil) }
    }

    /// The top card leaves now in `direction`, from `transform`; the rest move up.
    mutating func flyOffTop(_ top: Card, direction: SwipeDirection, from transform: CardTransform) {
        guard var room, room.visible.first?.id == top.id else { return }
        room.visible.removeFirst()
        self.room = room
        let start = transform == .identity ? Self.flick(direction) : transform
        leaving.append(LeavingCard(card: top, motion: PlayingMotion(motion: StackMotion.flyOff(from: start, direction: direction),
                                                                    startedAt: now), direction: direction))
        playing[top.id] = nil
        reflowAfterRemovingTop()
    }

    /// The card we sent off ahead of the server is still waiting for others after all (the
    /// group grew meanwhile): it comes back on top, showing our vote.
    mutating func bringBackSentAhead() {
        guard let early = sentAhead, var room else { return }
        sentAhead = nil
        leaving.removeAll { $0.card.id == early.card.id }
        guard !room.visible.contains(where: { $0.id == early.card.id }) else { return }
        room.visible.insert(early.card, at: 0)
        self.room = room
        playing[early.card.id] = PlayingMotion(motion: StackMotion.revert(direction: early.direction), startedAt: now)
    }

    /// A card was decided: the match counted, the outcome said, the card flies off the way it
    /// went (or the way this member swiped it) and the stack moves up.
    mutating func cardResolved(_ resolved: CardResolved) {
        if sentAhead?.card.id == resolved.card { sentAhead = nil }
        guard var room else { return }
        // A final round's card that matches again leads its round; it is not one more of the deck's matches.
        if resolved.outcome == .match, room.finalRound == nil, !room.matches.contains(resolved.card) { room.matches.append(resolved.card) }
        if let text = Self.outcomeText(resolved) { outcome = OutcomeToast(text: text, shownAt: now) }
        room.tallies.removeAll { $0.card == resolved.card }
        if room.pacing == .lockstep {
            for i in room.members.indices { room.members[i].votedCurrent = false }
        }
        let oldOrder = room.visible.map(\.id)
        if let index = room.visible.firstIndex(where: { $0.id == resolved.card }),
           !leaving.contains(where: { $0.card.id == resolved.card }) {
            let card = room.visible[index]
            var direction: SwipeDirection
            switch resolved.outcome {
            case .match: direction = .right
            case .noMatch: direction = .left
            case .skipped, .timedOut: direction = .down
            }
            var from = drag?.card == card.id ? StackMotion.drag(translation: drag?.translation ?? .zero).transform : .identity
            if let mine = myDirection(on: card.id) {
                direction = mine
                if from == .identity { from = Self.flick(mine) }
            }
            leaving.append(LeavingCard(card: card, motion: PlayingMotion(motion: StackMotion.flyOff(from: from, direction: direction),
                                                                         startedAt: now), direction: direction))
        }
        if drag?.card == resolved.card { drag = nil }
        let gone = Set(leaving.map(\.card.id)).union(room.pacing == .free ? Set(pendingVotes.map(\.card)) : [])
        let fresh = resolved.visible.filter { !gone.contains($0.id) }
        for (index, card) in fresh.enumerated() where playing[card.id] == nil {
            if let old = oldOrder.firstIndex(of: card.id) {
                if old != index {
                    playing[card.id] = PlayingMotion(motion: StackMotion.reflow(from: old, to: index, visibleCount: max(1, fresh.count), layout: layout),
                                                     startedAt: now)
                }
            } else {
                playing[card.id] = PlayingMotion(motion: StackMotion.appear(at: index, visibleCount: max(1, fresh.count), layout: layout), startedAt: now)
            }
        }
        room.visible = fresh
        room.remaining = resolved.remaining
        for i in room.members.indices { room.members[i].votedCurrent = false }
        self.room = room
    }

    /// The group's outcome as a short line ("No match — 1/4 liked"); nil for a match (the banner says it).
    static func outcomeText(_ resolved: CardResolved) -> String? {
        let t = resolved.tally
        switch resolved.outcome {
        case .match: return nil
        case .noMatch: return t.voted == 0 ? "No match" : "No match — \(t.likes + t.superLikes)/\(max(t.voted, t.eligible)) liked"
        case .skipped: return "Card skipped"
        case .timedOut: return "Time's up — \(t.voted)/\(t.eligible) voted"
        }
    }
}

/// The group's outcome for the card that just left, shown on the status line for a while.
///
/// ```swift
/// model.outcome?.text   // "No match — 1/4 liked"
/// ```
public struct OutcomeToast: Hashable, Sendable {
    public var text: String
    public var shownAt: Double
    /// How long it stays (ms).
    public static let duration = 3000.0
}
