import SwipeCore
import SwipeProtocol

extension Room {
    /// Rebuilds a room from its durable log (the `.append` records, in order), as after a restart:
    /// members, tokens, votes, outcomes and phase come back; everyone is offline until they resume.
    /// Nil when the first record is not `roomCreated`.
    ///
    /// ```swift
    /// let room = Room.replaying(records, maxMembers: 64)   // then members `join` with their tokens
    /// ```
    public static func replaying(_ records: [LogRecord], maxMembers: Int = 64) -> Room? {
        guard let first = records.first,
              case let .roomCreated(deck, cards, rule, pacing, timer, quorum) = first.event else { return nil }
        let settings = RoomSettings(rule: rule, pacing: pacing, timerSeconds: timer, quorum: quorum, maxMembers: maxMembers)
        var room = Room(code: first.room, deckName: deck, cards: cards, settings: settings, at: first.at)
        for record in records.dropFirst() where record.room == first.room {
            room.apply(record.event)
            room.lastActivity = max(room.lastActivity, record.at)
        }
        return room
    }

    private mutating func apply(_ event: LogEvent) {
        switch event {
        case .roomCreated:
            break
        case let .memberJoined(member, name, role, token):
            members.append(Member(id: member, name: name, role: role, token: token, online: false))
            if role == .host { hostCreated = true }
            if let number = Int(member.rawValue.dropFirst()), number >= nextMemberNumber { nextMemberNumber = number + 1 }
        case .memberOnline, .memberOffline:
            break   // after a restart nobody is connected
        case let .memberKicked(member):
            if let index = memberIndex(member) {
                for card in members[index].voteOrder where outcomes[card] == nil { votes[card]?[member] = nil }
                members.remove(at: index)
            }
        case let .voteCast(member, card, vote):
            votes[card, default: [:]][member] = vote
            if let index = memberIndex(member) { members[index].voteOrder.append(card) }
        case let .voteUndone(member, card):
            votes[card]?[member] = nil
            if let index = memberIndex(member) { members[index].voteOrder.removeAll { $0 == card } }
        case let .cardResolved(card, outcome):
            outcomes[card] = outcome
            if outcome == .match { matches.append(card) }
            if settings.pacing == .lockstep, currentCard?.id == card { currentIndex += 1 }
        case let .phaseChanged(phase):
            self.phase = phase
            if phase != .voting { deadline = nil }
        }
    }
}
