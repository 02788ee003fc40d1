import SwipeCore
import SwipeProtocol

/// Why a room's log could not be replayed: which room, which record, what was wrong.
///
/// ```swift
/// do { _ = try Room.restore(from: records) } catch { print(error) }
/// // "room K7QM-X4TD-9R, record 3 (voteCast): no member \"m9\""
/// ```
public struct RestoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var room: RoomCode
    public var record: Int
    public var message: String

    public init(room: RoomCode, record: Int, message: String) {
        self.room = room
        self.record = record
        self.message = message
    }

    public var description: String { "room \(room), record \(record): \(message)" }
}

extension Room {
    /// Rebuilds a room from its log records (oldest first; the first must be `roomCreated`).
    /// The result equals the live room that emitted them, except for what is not durable: the
    /// lockstep timer's deadline, drag throttling and `lastActivity` (see `restarted(at:)`).
    ///
    /// `maxMembers` and `animationLead` are the server's current settings (not logged: an operator
    /// may change them between runs).
    ///
    /// ```swift
    /// let room = try Room.restore(from: records, maxMembers: 64)
    /// room.matches   // the same matches as before the restart
    /// ```
    public static func restore(from records: [LogRecord], maxMembers: Int = RoomSettings().maxMembers,
                               animationLead: ServerTime = RoomSettings.defaultAnimationLead) throws -> Room {
        guard let first = records.first else {
            throw RestoreError(room: "", record: 0, message: "no records")
        }
        guard case let .roomCreated(deck, cards, rule, pacing, timerSeconds, quorum, layout, closesAt) = first.event else {
            throw RestoreError(room: first.room, record: 0, message: "the first record is \(first.event.kind), not roomCreated")
        }
        let settings = RoomSettings(rule: rule, pacing: pacing, timerSeconds: timerSeconds, quorum: quorum, maxMembers: maxMembers,
                                    animationLead: animationLead, layout: layout ?? .stack, closesAt: closesAt)
        var room = Room(code: first.room, deckName: deck, cards: cards, settings: settings, at: first.at)
        for (index, record) in records.enumerated().dropFirst() {
            if let problem = room.replay(record.event) {
                throw RestoreError(room: first.room, record: index, message: "\(record.event.kind): \(problem)")
            }
            room.lastActivity = max(room.lastActivity, record.at)
        }
        return room
    }

    /// Rebuilds a room from its checkpoint (if it has one) and the log records after it.
    ///
    /// ```swift
    /// let room = try Room.restore(checkpoint: saved, tail: recordsAfterIt, maxMembers: 64)
    /// ```
    public static func restore(checkpoint: RoomCheckpoint?, tail: [LogRecord], maxMembers: Int = RoomSettings().maxMembers,
                               animationLead: ServerTime = RoomSettings.defaultAnimationLead) throws -> Room {
        guard let checkpoint else { return try restore(from: tail, maxMembers: maxMembers, animationLead: animationLead) }
        var room = Room(restoring: checkpoint, maxMembers: maxMembers, animationLead: animationLead)
        for (index, record) in tail.enumerated() {
            if let problem = room.replay(record.event) {
                throw RestoreError(room: checkpoint.code, record: index + 1, message: "\(record.event.kind) after the checkpoint: \(problem)")
            }
            room.lastActivity = max(room.lastActivity, record.at)
        }
        return room
    }

    /// Applies one durable fact; returns what was wrong with it, or nil.
    mutating func replay(_ event: LogEvent) -> String? {
        switch event {
        case .roomCreated:
            return "a second roomCreated"
        case let .memberJoined(member, name, role, token):
            if memberIndex(member) != nil { return "member \"\(member)\" joined twice" }
            members.append(Member(id: member, name: name, role: role, token: token, online: true))
            nextMemberNumber += 1
            if role == .host { hostCreated = true }
        case let .memberOnline(member), let .memberOffline(member):
            guard let index = memberIndex(member) else { return "no member \"\(member)\"" }
            if case .memberOnline = event { members[index].online = true } else { members[index].online = false }
        case let .proposalAdded(proposal):
            if proposals.contains(where: { $0.id == proposal.id }) { return "proposal \"\(proposal.id)\" added twice" }
            addProposal(proposal)
        case let .proposalWithdrawn(id, _):
            guard proposals.contains(where: { $0.id == id }) else { return "no proposal \"\(id)\"" }
            proposals.removeAll { $0.id == id }
        case let .finalRoundStarted(round, candidates):
            if let missing = candidates.first(where: { cardIndex[$0] == nil }) { return "no card \"\(missing)\"" }
            appendRound(round, over: candidates)
        case let .winnerDecided(card, reason, round):
            guard cardIndex[card] != nil else { return "no card \"\(card)\"" }
            winner = WinnerState(card: card, decidedBy: reason, round: round)
        case let .roomLocked(lock):
            locked = lock
        case let .hostChanged(from, to):
            guard let old = memberIndex(from), let new = memberIndex(to) else { return "no member \"\(from)\" or \"\(to)\"" }
            handHost(from: old, to: new)
        case let .memberKicked(member):
            guard let index = memberIndex(member) else { return "no member \"\(member)\"" }
            removeMember(at: index)
        case let .voteCast(member, card, vote, seq):
            guard let index = memberIndex(member) else { return "no member \"\(member)\"" }
            guard let position = cardIndex[card] else { return "no card \"\(card)\"" }
            votes[card, default: [:]][member] = vote
            members[index].voteOrder.append(position)
            if let seq { members[index].appliedSeqs[seq] = AppliedSeq(card: card, vote: vote) }
        case let .voteUndone(member, card, seq):
            guard let index = memberIndex(member) else { return "no member \"\(member)\"" }
            votes[card]?[member] = nil
            if let position = cardIndex[card] { members[index].voteOrder.remove(position) }
            if let seq { members[index].appliedSeqs[seq] = AppliedSeq(card: card, vote: nil) }
        case let .cardResolved(card, outcome):
            guard let index = cardIndex[card] else { return "no card \"\(card)\"" }
            if outcomes[card] != nil { return "card \"\(card)\" resolved twice" }
            outcomes[card] = outcome
            if outcome == .match, round(containing: index) == nil { matches.append(card) }
            switch settings.pacing {
            case .lockstep: currentIndex += 1
            case .free: break
            }
        case let .phaseChanged(phase):
            if self.phase == .lobby, phase != .lobby { _ = freezeProposals() }
            self.phase = phase
            switch phase {
            case .finished, .closed: deadline = nil
            case .lobby, .voting: break
            }
        }
        return nil
    }
}

/// The part of a room that the log makes durable: what `Room.restore(from:)` must rebuild exactly.
struct DurableRoomState: Hashable {
    struct MemberState: Hashable {
        var id: MemberID, name: String, role: Role, token: String, online: Bool
        var voteOrder: [CardID], appliedSeqs: [Int: AppliedSeq]
    }
    var code: RoomCode, deckName: String, cards: [Card], settings: RoomSettings
    var phase: RoomPhase, currentIndex: Int, matches: [CardID]
    var members: [MemberState]
    var votes: [CardID: [MemberID: Vote]], outcomes: [CardID: CardOutcome]
    var nextMemberNumber: Int, hostCreated: Bool
    var removedNames: Set<String>
    var proposals: [Proposal], nextProposalNumber: Int
    var rounds: [FinalRoundState], winner: WinnerState?
    var locked: Bool
}

extension Room {
    /// Everything durable about the room (tests compare a live room with its restored copy).
    var durableState: DurableRoomState {
        DurableRoomState(
            code: code, deckName: deckName, cards: cards, settings: settings, phase: phase, currentIndex: currentIndex,
            matches: matches,
            members: members.map {
                .init(id: $0.id, name: $0.name, role: $0.role, token: $0.token, online: $0.online,
                      voteOrder: $0.voteOrder.cards(in: cards), appliedSeqs: $0.appliedSeqs)
            },
            votes: votes.filter { !$0.value.isEmpty }, outcomes: outcomes, nextMemberNumber: nextMemberNumber,
            hostCreated: hostCreated, removedNames: removedNames, proposals: proposals, nextProposalNumber: nextProposalNumber,
            rounds: rounds, winner: winner, locked: locked)
    }
}
