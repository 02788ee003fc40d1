// What a cluster node does with a client's message: a change to a room (a vote, an undo, a host
// command, a proposal or its withdrawal) becomes an entry of the room's stream (applied when the store has it), a drag is relayed to the other nodes, a ping or
// results request is answered from this node's copy. Service thread only.
import Foundation
import SwipeProtocol
import SwipeRooms

extension ServerShell {
    func clusterDispatch(_ message: ClientMessage, from connection: Connection, at time: ServerTime) {
        guard let cluster else { return }
        if let code = connection.room, let member = connection.member {
            switch message {
            case let .swipe(vote):
                appendMessage(message, seq: vote.seq, from: member, of: connection, in: code)
            case let .undo(undo):
                appendMessage(message, seq: undo.seq, from: member, of: connection, in: code)
            case .host, .propose, .withdraw:
                appendMessage(message, seq: nil, from: member, of: connection, in: code)
            case .drag, .ping, .results, .create, .join, .picture:
                guard connection.appendsInFlight == 0 else {
                    connection.heldMessages.append(message)
                    return
                }
                if case .results = message, !allowResults(connection, at: time) { return }
                let effects = registry.handle(.messageReceived(member, message), in: code, at: time)
                apply(effects, in: code)
                relay(effects, in: code)
            }
            return
        }
        if case let .ping(ping) = message {
            enqueue(.pong(Pong(t: ping.t, serverTime: time)), to: connection)
            return
        }
        if let outage = cluster.outage {
            enqueue(.error(Self.storeUnavailable(outage)), to: connection)
            closeAfterFlush(connection, .tryAgainLater, "store unavailable")
            return
        }
        guard !connection.joinPending else {
            enqueue(.error(ProtocolError(.alreadyInRoom, "\(message.type): this connection's create or join is already on its way")), to: connection)
            return
        }
        switch message {
        case let .create(request):
            // The rooms an address created are counted over every node (ServerShell+ClusterLimits).
            switch registry.resolve(request, uploaded: uploadedTags(of: connection)) {
            case let .failure(error):
                enqueue(.error(error), to: connection)
            case let .success(created):
                connection.joinPending = true
                let code = registry.freshCode()
                admitRoomInCluster(code, for: connection) { [unowned self] admitted in
                    guard admitted else { connection.joinPending = false; return }
                    createInStore(created, code: code, for: connection, attemptsLeft: 3)
                }
            }
        case let .join(request):
            join(request, from: connection, at: time)
        case .drag, .swipe, .undo, .host, .propose, .withdraw, .results, .ping, .picture:
            enqueue(.error(ProtocolError(.notInRoom, "\(message.type): create or join a room first")), to: connection)
        }
    }

    private func createInStore(_ resolved: CreatedRoom, code admitted: RoomCode? = nil, for connection: Connection, attemptsLeft: Int) {
        var created = resolved
        created.code = admitted ?? registry.freshCode()
        let code = created.code
        let entry = ClusterEntry.created(node: instance, connection: connection.id.rawValue, room: created, token: registry.freshToken())
        _ = keepUploads(of: connection, for: created.cards, in: code)   // sent before the entry, on the same link
        append(entry, to: code, create: true) { [unowned self] outcome in
            switch outcome {
            case .appended:
                releaseUploads(of: connection)   // applied: the host is bound and welcomed
            case .exists where attemptsLeft > 0:
                createInStore(resolved, for: connection, attemptsLeft: attemptsLeft - 1)
            case .exists, .seen, .moved, .unknown, .closed:
                connection.joinPending = false
                enqueue(.error(ProtocolError(.other, "create: no free room code was found; try again")), to: connection)
            case .failed, .unreplicated:
                connection.joinPending = false
                refuseForStore(outcome, to: connection)
            }
        }
    }

    private func join(_ request: JoinRoom, from connection: Connection, at time: ServerTime) {
        // Past its failed lookups, an address's connections take turns looking a code up. A join
        // without a token takes its turn before the store is read; one with a token once its room
        // is loaded (it may resume a member, and 128 random bits cannot be guessed).
        if request.token == nil, !allowLookup(request, from: connection, at: time) { return }
        guard let code = RoomCodes.canonical(request.room.rawValue) else {
            recordFailedLookup(from: connection.address, at: time)
            enqueue(.error(RoomRegistry.noRoom(request)), to: connection)
            return
        }
        connection.joinPending = true
        let id = connection.id
        loadRoom(code) { [unowned self] found in
            guard let connection = connectionsByID[id] else { return }
            // A paced answer does not say whether the room exists.
            if request.token != nil, !allowLookup(request, from: connection, at: now) {
                connection.joinPending = false
                return
            }
            guard found else {
                connection.joinPending = false
                if let outage = cluster?.outage {
                    enqueue(.error(Self.storeUnavailable(outage)), to: connection)
                } else {
                    recordFailedLookup(from: connection.address, at: now)
                    enqueue(.error(RoomRegistry.noRoom(request)), to: connection)
                }
                return
            }
            let entry = ClusterEntry.connected(node: instance, connection: id.rawValue, join: request, token: registry.freshToken())
            append(entry, to: code) { [unowned self] outcome in
                guard let connection = connectionsByID[id] else { return }
                switch outcome {
                case .appended:
                    break   // applied: bound and welcomed, or refused by the room
                case .unknown, .closed:
                    connection.joinPending = false
                    enqueue(.error(RoomRegistry.noRoom(request)), to: connection)
                case .failed, .unreplicated:
                    connection.joinPending = false
                    refuseForStore(outcome, to: connection)
                case .seen, .moved, .exists:
                    connection.joinPending = false
                }
            }
        }
    }

    /// A swipe, undo or host command: into the stream. A `seq` already applied is not appended
    /// again; its acknowledgement is sent again once this node has the entry that applied it.
    private func appendMessage(_ message: ClientMessage, seq: Int?, from member: MemberID, of connection: Connection, in code: RoomCode) {
        let key = seq.map { "\(member.rawValue):\($0)" }
        let id = connection.id
        connection.appendsInFlight += 1
        append(.message(node: instance, member: member, message), to: code, idempotencyKey: key) { [unowned self] outcome in
            defer { releaseHeldMessages(of: id) }
            switch outcome {
            case .appended:
                break
            case let .seen(offset):
                cluster?.reacknowledgements[code, default: []].append((offset, member, message))
                if let applied = cluster?.replicas[code]?.applied, applied < offset { catchUp(code) }
                answerResends(in: code)   // at once if the entry that applied it is here
            case .closed, .unknown:
                if let connection = connectionsByID[id] {
                    enqueue(.error(ProtocolError(.roomClosed, "\(message.type): room \(code) is closed")), to: connection)
                }
            case .failed, .unreplicated:
                if let connection = connectionsByID[id] { refuseForStore(outcome, to: connection) }
            case .moved, .exists:
                break
            }
        }
    }

    /// One of the connection's appends was answered (and applied): once none is on its way, what
    /// it sent after them is handled, in order.
    private func releaseHeldMessages(of id: ConnectionID) {
        guard let connection = connectionsByID[id] else { return }
        connection.appendsInFlight -= 1
        while connection.appendsInFlight == 0, !connection.heldMessages.isEmpty, connection.closing == nil {
            let next = connection.heldMessages.removeFirst()
            clusterDispatch(next, from: connection, at: now)
        }
    }

    /// A member's connection here closed: into the stream (ignored there if they moved on).
    func clusterDisconnected(_ member: MemberID, of connection: Connection, in code: RoomCode, grace: Double) {
        append(.disconnected(node: instance, connection: connection.id.rawValue, member: member, grace: grace), to: code)
    }

    /// The room's timer ran out here: a `timerFired` entry, appended only if the stream has not
    /// moved since (another node's timer, or anything else, came first: look again after it).
    func clusterTimerDue(_ code: RoomCode) {
        guard let replica = cluster?.replicas[code], let wake = registry.rooms[code]?.nextWakeup else { return }
        let time = now
        guard wake <= time else {
            timers.setRoomTimer(code, at: wake)
            return
        }
        append(.timerFired(node: instance), to: code, expectedOffset: replica.applied) { [unowned self] outcome in
            switch outcome {
            case .appended, .closed, .unknown, .exists, .seen:
                break
            case .moved:
                catchUp(code)
                timers.setRoomTimer(code, at: now + 50)
            case .failed, .unreplicated:
                timers.setRoomTimer(code, at: now + 500)
            }
        }
    }
}
