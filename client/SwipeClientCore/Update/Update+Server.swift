import SwipeCore
import SwipeProtocol

extension AppModel {
    mutating func receive(_ message: ServerMessage) -> [AppEffect] {
        // Protocol 3 carries a whole resolution in one `cardResolved`: it is applied as the
        // animations, plain `cardResolved` and `match` that older versions are sent for it.
        if case .cardResolved = message, message.differs(forProtocol: ProtocolVersion.oneMessagePerResolution - 1) {
            return message.asSent(toProtocol: ProtocolVersion.oneMessagePerResolution - 1).flatMap { receive($0) }
        }
        switch message {
        case let .welcome(welcome):
            let round = room?.finalRound
            let effects = welcomed(welcome)
            finalRoundWelcomed(previous: round, now: welcome.room.finalRound)
            return effects
        case .proposalAdded, .proposalRemoved:
            proposalsChanged(message)
        case let .winner(winner):
            winnerDecided(winner)
        case let .pictureReceived(received):
            return pictureReceived(received)
        case let .roomLocked(lock):
            editRoom { $0.locked = lock.locked ? true : nil }
            notice = Notice(text: lock.locked ? "the room is locked: nobody new can join" : "the room is open to new members again",
                            shownAt: now)
        case let .memberJoined(info), let .memberUpdated(info):
            if info.id == me, info.role == .host, !isHost, room != nil {
                // The host was gone and the server handed the room to us.
                notice = Notice(text: "you are the host now · ? shows the host keys", shownAt: now)
            }
            editRoom { room in
                if let i = room.members.firstIndex(where: { $0.id == info.id }) { room.members[i] = info } else { room.members.append(info) }
            }
        case let .memberLeft(ref):
            editRoom { $0.members.removeAll { $0.id == ref.member } }
            remoteDrags[ref.member] = nil
        case let .memberOnline(ref):
            editMember(ref.member) { $0.online = true }
        case let .memberOffline(ref):
            editMember(ref.member) { $0.online = false }
            remoteDrags[ref.member] = nil
        case let .phase(change):
            editRoom { room in
                room.phase = change.phase
                room.deadline = change.deadline
            }
            if change.phase == .finished { return sendIfOnline(.results) }
        case let .cardState(state):
            guard state.member != me else { return [] }
            // Votes overtake drag states on the wire, so a drag of a card that already resolved can
            // still arrive: in lockstep (everyone on the same cards) drop drags of cards no longer shown.
            if let room, room.pacing == .lockstep, !room.visible.contains(where: { $0.id == state.card }) { return [] }
            switch state.phase {
            case .began, .changed: remoteDrags[state.member] = state
            case .ended, .cancelled: remoteDrags[state.member] = nil
            }
        case let .animation(animation): play(animation)
        case let .voteAccepted(accepted): voteAccepted(accepted)
        case let .tally(tally):
            editRoom { room in
                if let i = room.tallies.firstIndex(where: { $0.card == tally.card }) { room.tallies[i] = tally } else { room.tallies.append(tally) }
            }
            // Protocol 2: the voter's marks come with the tally (protocol 1 sends a memberUpdated after it).
            if let voter = tally.voter {
                editMember(voter) { member in
                    if let cast = tally.voterVotesCast { member.votesCast = cast }
                    if let voted = tally.voterVotedCurrent { member.votedCurrent = voted }
                }
            }
            if let early = sentAhead, early.card.id == tally.card, tally.eligible > tally.voted { bringBackSentAhead() }
        case let .cardResolved(resolved): cardResolved(resolved)
        case let .match(match):
            banner = MatchBanner(match: match, shownAt: now)
            editRoom { room in if room.finalRound == nil, !room.matches.contains(match.card.id) { room.matches.append(match.card.id) } }
        case let .results(results):
            self.results = results
            if results.final { showingResults = true }
            return exportArrived(results)
        case let .pong(pong):
            clockOffset = pong.serverTime - (pong.t + now) / 2
        case let .roomClosed(closed):
            return sessionEnded(reason: TextMetrics.clean(closed.reason))
        case let .error(error):
            notice = Notice(text: TextMetrics.clean(namingCards(in: error.message)), shownAt: now)
            // Not a refusal but "again in a moment" (the server's store is unreachable, or no replica
            // has our input yet): the server closes 1013 next, and the reconnect waits as told.
            if error.code == .other, let wait = error.retryAfter, room != nil {
                serverRetryAfter = wait
                return []
            }
            if case .joining = connection { return joinRefused(error) }
            switch error.code {
            case .alreadyVoted, .cardResolved, .notCurrentCard, .unknownCard:
                if !pendingVotes.isEmpty { pendingVotes.removeFirst() }
            case .badToken:
                token = nil
            case .badJSON, .unknownType, .missingField, .badField, .binaryFrame, .tooLarge, .rateLimited, .notInRoom,
                 .alreadyInRoom, .unknownRoom, .roomFull, .tooManyRooms, .unknownDeck, .badDeck, .nothingToUndo, .notAllowed,
                 .notHost, .unknownMember, .roomClosed, .other, .duplicateOption, .tooManyProposals, .unknownProposal, .badPicture,
                 .nameTaken:
                break
            }
        }
        return []
    }

    /// The server's messages name cards by id (`undo: card "c04" is already resolved`): the
    /// cards this client knows are named by title instead (`undo: "Dune" is already resolved`).
    func namingCards(in message: String) -> String {
        var known = (room?.visible ?? []) + swiped.map(\.card) + leaving.map(\.card)
        if let sentAhead { known.append(sentAhead.card) }
        var text = message
        for card in known where text.contains("\"\(card.id.rawValue)\"") {
            text = text.replacing("card \"\(card.id.rawValue)\"", with: "\"\(card.title)\"")
                .replacing("\"\(card.id.rawValue)\"", with: "\"\(card.title)\"")
        }
        return text
    }

    /// The longest `retryAfter` (seconds) a slowed join waits out by itself; longer ends the client.
    static let longestJoinWait = 120.0

    /// The server refused our `join`/`create`: a kept token the server no longer knows joins as a
    /// new member; a resume refused during a session means the host removed us while we were away. Before
    /// a session existed any other refusal ends the client with the server's whole message (exit 2);
    /// a rejoin refused later (the room is gone) ends the session on a screen that says so.
    mutating func joinRefused(_ error: ProtocolError) -> [AppEffect] {
        if let refused = pictureRefused(error) { return refused }
        switch error.code {
        case .badToken:
            token = nil
            // Our membership is gone while we were away: only the host's kick removes a member.
            if room != nil { return sessionEnded(reason: "kicked") }
            // A kept token (the first join) the server no longer knows: join as someone new, as asked.
            return [.forgetMember(room: RoomCode(joinCode)), .send(joinMessage())]
        case .nameTaken:
            // Someone in the room has this name: the command asks for another (exit 7).
            let message = TextMetrics.clean(error.message)
            guard room != nil else {
                connection = .closed(reason: message)
                return [.disconnect, .exit(.nameTaken(message))]
            }
            return sessionEnded(reason: message)
        case .rateLimited where (error.retryAfter ?? .infinity) <= Self.longestJoinWait:
            // Slowed, not refused (others on this network guessed room codes): go again when told.
            joinRetryAt = now + max(1, error.retryAfter ?? 1) * 1000
            return []
        case .unknownRoom, .roomClosed, .roomFull, .tooManyRooms, .unknownDeck, .badDeck, .badField, .missingField, .badJSON,
             .notAllowed, .alreadyInRoom, .rateLimited, .unknownType, .binaryFrame, .tooLarge, .other, .badPicture:
            var message = TextMetrics.clean(error.message)
            if error.code == .tooLarge, case let .create(create) = options.entry, let cards = create.cards {
                message += " (the room's \(cards.count) cards are sent in that one message: shorten their bodies, split the deck, or ask for it to be added to the server's --decks)"
            }
            guard room != nil else {
                connection = .closed(reason: message)
                if error.code == .badField, case let .create(create) = options.entry, create.closesAt != nil, message.contains("closesAt") {
                    return [.disconnect, .exit(.badFlag("--until: the server refused the closing time: " + message))]
                }
                return [.disconnect, .exit(.refused(message))]
            }
            return sessionEnded(reason: message)
        case .notInRoom, .unknownCard, .notCurrentCard, .alreadyVoted, .cardResolved, .nothingToUndo, .notHost, .unknownMember,
             .duplicateOption, .tooManyProposals, .unknownProposal:
            return []
        }
    }

    /// The room is over for this member (kicked, closed by the host, gone): the screen says so
    /// until a key is pressed; no more reconnecting.
    mutating func sessionEnded(reason: String) -> [AppEffect] {
        let code = room?.code.rawValue ?? joinCode
        connection = .closed(reason: reason)
        let forget: [AppEffect] = [.forgetMember(room: RoomCode(code))]
        // The host who closed the room chose to end it: no screen to dismiss.
        if isHost, reason == "closed by the host" { return forget + [.disconnect, .exit(.closedByYou(room: code))] }
        ended = reason == "kicked" ? .kicked(room: code) : .roomClosed(room: code, reason: reason)
        drag = nil
        remoteDrags = [:]
        showingHelp = false
        return forget + [.disconnect]
    }

    /// The room code this client asked for (empty for a room it creates and was never told).
    var joinCode: String {
        switch options.entry {
        case let .join(room, _): return room.rawValue
        case .create: return ""
        }
    }

    mutating func welcomed(_ welcome: Welcome) -> [AppEffect] {
        me = welcome.you
        token = welcome.token
        sshJoin = welcome.sshJoin.map { TextMetrics.clean($0) }
        // This member may have voted from another process (a resumed membership): count on from there.
        nextSeq = max(nextSeq, welcome.nextSeq ?? 1)
        clockOffset = welcome.serverTime - now
        connection = .online
        var room = welcome.room
        let acknowledged = Set(room.myVotes.keys)
        pendingVotes.removeAll { acknowledged.contains($0.card.rawValue) }
        if room.pacing == .free {
            let gone = Set(pendingVotes.map(\.card)).union(leaving.map(\.card.id))
            room.visible.removeAll { gone.contains($0.id) }
        }
        self.room = room
        remoteDrags = [:]
        sentAhead = nil
        // A room decided before we came (a closing time that went by, a winner while we were away):
        // its results, which open the results screen with the winner.
        let decided: [AppEffect] = room.phase == .finished && room.winner != nil && results?.final != true ? [.send(.results)] : []
        return [.rememberMember(room: room.code, token: welcome.token)] + pendingVotes.map { .send(.swipe($0)) } + decided
    }

    /// Plays a server animation at the local time that matches its `startAt` (server time, through
    /// the ping/pong clock offset): every screen starts it at the same instant, and one that gets
    /// it late samples it mid-flight instead of starting it over.
    mutating func play(_ animation: CardAnimation) {
        if let member = animation.member, member != me { return }
        let startedAt = clockOffset.map { animation.startAt - $0 } ?? now
        let motion = Self.relativeMotion(animation)
        if drag?.card == animation.card { return }
        switch animation.kind {
        case .flyOff:
            if leaving.contains(where: { $0.card.id == animation.card }) { return }
            guard var room, let index = room.visible.firstIndex(where: { $0.id == animation.card }) else { return }
            let card = room.visible.remove(at: index)
            self.room = room
            playing[card.id] = nil
            if let mine = myDirection(on: card.id) {
                // Our own vote decides how the card leaves on our screen, whatever the group's outcome.
                leaving.append(LeavingCard(card: card, motion: PlayingMotion(motion: StackMotion.flyOff(from: Self.flick(mine), direction: mine),
                                                                             startedAt: startedAt), direction: mine))
            } else {
                let direction: SwipeDirection = animation.to.translation.x > 1 ? .right
                    : animation.to.translation.x < -1 ? .left : (animation.to.translation.y < 0 ? .up : .down)
                leaving.append(LeavingCard(card: card, motion: PlayingMotion(motion: motion, startedAt: startedAt), direction: direction))
            }
            if index == 0 { reflowAfterRemovingTop(startingAt: startedAt) }
        case .snapBack, .reflow, .appear, .backgroundArrival, .revert:
            guard room?.visible.contains(where: { $0.id == animation.card }) == true else { return }
            playing[animation.card] = PlayingMotion(motion: motion, startedAt: startedAt)
        }
    }

    /// Fly-offs play as sent (relative to the card's frame). Every other kind is made to end at the
    /// card's resting frame: the server's `to` becomes the identity and `from` keeps its offset from `to`,
    /// so a server that sends absolute stack transforms and one that sends relative ones look the same.
    static func relativeMotion(_ animation: CardAnimation) -> Motion {
        switch animation.kind {
        case .flyOff:
            return Motion(kind: .flyOff, from: animation.from, to: animation.to, curve: animation.curve, duration: animation.duration)
        case .snapBack, .reflow, .appear, .backgroundArrival, .revert:
            let from = animation.from, to = animation.to
            let relative = CardTransform(translation: from.translation - to.translation, rotation: from.rotation - to.rotation,
                                         scale: to.scale != 0 ? from.scale / to.scale : from.scale,
                                         alpha: to.alpha != 0 ? from.alpha / to.alpha : from.alpha)
            return Motion(kind: animation.kind, from: relative, to: .identity, curve: animation.curve, duration: animation.duration)
        }
    }

    mutating func voteAccepted(_ accepted: VoteAccepted) {
        if let seq = accepted.seq, let i = pendingVotes.firstIndex(where: { $0.seq == seq }) {
            pendingVotes.remove(at: i)
        } else if let i = pendingVotes.firstIndex(where: { $0.card == accepted.card }) {
            pendingVotes.remove(at: i)
        }
        if var room, room.pacing == .free, let visible = accepted.visible {
            // Free pacing: the server's window after this vote, less cards still shown leaving or
            // swiped locally and not yet acknowledged.
            let gone = Set(leaving.map(\.card.id)).union(pendingVotes.map(\.card))
            room.visible = visible.filter { !gone.contains($0.id) }
            if let remaining = accepted.remaining { room.remaining = remaining }
            self.room = room
        }
        if accepted.undone {
            editRoom { $0.myVotes[accepted.card.rawValue] = nil }
            restoreSwiped(accepted.card)
        } else if let vote = accepted.vote {
            editRoom { $0.myVotes[accepted.card.rawValue] = vote }
            editMember(me) { $0.votedCurrent = true; $0.votesCast += 1 }
        }
    }

    mutating func editRoom(_ change: (inout RoomSnapshot) -> Void) {
        guard var room else { return }
        change(&room)
        self.room = room
    }

    mutating func editMember(_ id: MemberID?, _ change: (inout MemberInfo) -> Void) {
        guard let id else { return }
        editRoom { room in
            if let i = room.members.firstIndex(where: { $0.id == id }) { change(&room.members[i]) }
        }
    }
}
