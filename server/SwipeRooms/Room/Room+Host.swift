import SwipeCore
import SwipeProtocol

extension Room {
    mutating func host(_ command: HostCommand, by index: Int, at now: ServerTime) -> [RoomEffect] {
        let id = members[index].id
        guard members[index].role == .host else {
            return [fail(id, .notHost, "host: only the host may \(command.command.rawValue)")]
        }
        if phase == .closed { return [fail(id, .roomClosed, "host: room \(code) is closed")] }
        switch command.command {
        case .start:
            guard phase == .lobby else { return [fail(id, .notAllowed, "host start: the room is already \(phase.rawValue)")] }
            guard !cards.isEmpty || !proposals.isEmpty else {
                return [fail(id, .notAllowed, "host start: the deck is empty; propose options first")]
            }
            let deckChanged = freezeProposals()
            phase = .voting
            var effects: [RoomEffect] = [log(.phaseChanged(phase: .voting), at: now)]
            let timer = startCardTimer(at: now)   // announces the phase with its deadline
            effects += timer.isEmpty ? [.broadcast(.phase(PhaseChanged(phase: .voting)), except: nil)] : timer
            if deckChanged { effects += welcomeEveryone(at: now) }
            return effects
        case .skip:
            guard settings.pacing == .lockstep, phase == .voting, let card = currentCard else {
                return [fail(id, .notAllowed, "host skip: only a lockstep room that is voting has a card to skip")]
            }
            return resolve(card, .skipped, at: now)
        case .reveal:
            guard phase == .voting || phase == .lobby else {
                return [fail(id, .notAllowed, "host reveal: the room is already \(phase.rawValue)")]
            }
            if let round = currentRound { return endRoundNow(round, at: now) }
            if isSealed { return closeNow(at: now) }
            return finish(at: now)
        case .kick:
            return kick(command.member, by: id, at: now)
        case .finalRound:
            return startFinalRound(by: id, at: now)
        case .accept:
            return acceptLeader(by: id, at: now)
        case .lock, .unlock:
            return setLocked(command.command == .lock, by: id, at: now)
        case .close:
            if phase == .lobby { _ = freezeProposals() }   // as replaying the log does
            phase = .closed
            deadline = nil
            var effects: [RoomEffect] = [
                log(.phaseChanged(phase: .closed), at: now),
                .cancelTimer,
                .broadcast(.roomClosed(RoomClosed(reason: "closed by the host")), except: nil),
            ]
            for i in members.indices where members[i].online {
                effects.append(.close(members[i].id, .normal, reason: "room closed"))
                members[i].online = false
            }
            return effects
        case .export:
            var results = results()
            results.csv = ResultsExport.csv(results)
            return [.send(.results(results), to: id)]
        }
    }

    private mutating func kick(_ target: MemberID?, by host: MemberID, at now: ServerTime) -> [RoomEffect] {
        guard let target else { return [fail(host, .missingField, "host kick: field \"member\" is missing")] }
        guard let index = memberIndex(target) else {
            return [fail(host, .unknownMember, "host kick: no member \"\(target)\" in room \(code)")]
        }
        if target == host { return [fail(host, .notAllowed, "host kick: the host cannot kick themselves; close the room instead")] }
        let wasOnline = members[index].online
        removeMember(at: index)
        var effects: [RoomEffect] = [log(.memberKicked(member: target), at: now)]
        if wasOnline {
            effects.append(.send(.roomClosed(RoomClosed(reason: "kicked")), to: target))
            effects.append(.close(target, .normal, reason: "kicked by the host"))
        }
        effects.append(.broadcast(.memberLeft(MemberRef(member: target)), except: target))
        if let card = currentCard, settings.pacing == .lockstep, phase == .voting {
            effects.append(.broadcast(.tally(tally(of: card.id)), except: target))
        }
        effects += resolveLockstepIfDecided(at: now)
        return effects
    }

    /// Takes a member out of the room as a kick does, live or replayed from the log: their votes on
    /// undecided cards go, and their name may not join again (`removedNames`).
    mutating func removeMember(at index: Int) {
        let member = members[index]
        removedNames.insert(Self.nameKey(member.name))
        for card in member.voteOrder.cards(in: cards) where outcomes[card] == nil { votes[card]?[member.id] = nil }
        members.remove(at: index)
    }
}
