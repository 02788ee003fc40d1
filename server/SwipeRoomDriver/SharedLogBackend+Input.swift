// What a node of a shared store does with a client's message, once the shell admitted it: a change
// to a room (a vote, an undo, a host command, a proposal or its withdrawal), a create or a join
// becomes an entry of the room's log (applied when the log hands it back); a drag is relayed to
// the other nodes; a ping or results request is answered from this node's copy. Service thread
// only; reaches the rooms through the RoomHost and the store through `SharedStore`.
import SwipeBackend
import Foundation
import SwipePictures
import SwipeProtocol
import SwipeRooms

extension SharedLogBackend {
    /// A joined member's message: a change to the room into its stream; anything else answered
    /// from this node's copy once none of the connection's appends is on its way (so a member
    /// never sees an answer overtake the acknowledgement of what it sent before).
    func sharedInput(_ message: ClientMessage, from member: MemberID, of connection: RoomSession, in code: RoomCode, at time: ServerTime) {
        switch message {
        case let .swipe(vote):
            appendMessage(message, seq: vote.seq, from: member, of: connection, in: code)
        case let .undo(undo):
            appendMessage(message, seq: undo.seq, from: member, of: connection, in: code)
        case .host, .propose, .withdraw:
            appendMessage(message, seq: nil, from: member, of: connection, in: code)
        case .drag, .ping, .results, .create, .join, .picture:
            guard (inFlight[connection.id]?.appends ?? 0) == 0 else {
                inFlight[connection.id, default: InFlightInputs()].held.append(message)
                return
            }
            let effects = host.registry.handle(.messageReceived(member, message), in: code, at: time)
            host.apply(effects, in: code)
            relay(effects, in: code)
        }
    }

    /// A create the shell admitted: counted against the address over every node
    /// (`admitRoomInCluster`), then the pictures its cards name kept with the room and the room's
    /// first entry after them, under a fresh code.
    func sharedCreate(_ request: CreateRoom, pictures uploads: [String: PictureAsset], for connection: RoomSession) {
        switch host.registry.resolve(request, uploaded: Set(uploads.keys), at: host.now) {
        case let .failure(error):
            host.endEntry(connection, telling: error)
        case let .success(created):
            let code = host.registry.freshCode()
            admitRoomInCluster(code, for: connection) { [unowned self] admitted in
                guard admitted else { return host.endEntry(connection, telling: nil) }   // told why already
                createInStore(created, pictures: picturesNamed(by: created.cards, among: uploads), code: code,
                              for: connection, attemptsLeft: 3)
            }
        }
    }

    private func createInStore(_ resolved: CreatedRoom, pictures: [PictureAsset], code admitted: RoomCode? = nil, for connection: RoomSession,
                               attemptsLeft: Int) {
        var created = resolved
        created.code = admitted ?? host.registry.freshCode()
        let code = created.code
        for picture in pictures {   // kept with the room, before its first entry
            store.records(.put(.inRoom(code, picture.etag), picture.bytes, lifetime: nil, onlyIfAbsent: false)) { [unowned self] answer in
                if answer?.done != true { host.logger.error("room \(code): its uploaded picture \(picture.etag) was not written to the store") }
            }
        }
        let entry = ClusterEntry.created(node: instance, connection: connection.id.rawValue, room: created, token: host.registry.freshToken())
        append(entry, to: code, create: true) { [unowned self] outcome in
            switch outcome {
            case .appended:
                break   // applied: the host is bound and welcomed
            case .exists where attemptsLeft > 0:
                createInStore(resolved, pictures: pictures, for: connection, attemptsLeft: attemptsLeft - 1)
            case .exists, .seen, .moved, .unknown, .closed:
                host.endEntry(connection, telling: ProtocolError(.other, "create: no free room code was found; try again"))
            case .failed, .unreplicated:
                host.endEntry(connection, telling: nil)
                refuseForStore(outcome, to: connection)
            }
        }
    }

    /// A join the shell admitted, to a room loaded here (`loadRoom`): the `connected` entry; the
    /// room's answer (welcome, or a wrong token) comes when it is applied.
    func sharedJoin(_ request: JoinRoom, in code: RoomCode, for connection: RoomSession) {
        let id = connection.id
        let entry = ClusterEntry.connected(node: instance, connection: id.rawValue, join: request, token: host.registry.freshToken())
        append(entry, to: code) { [unowned self] outcome in
            guard let connection = host.session(numbered: id) else { return }
            switch outcome {
            case .appended:
                break   // applied: bound and welcomed, or refused by the room
            case .unknown, .closed:
                host.endEntry(connection, telling: RoomRegistry.noRoom(request))
            case .failed, .unreplicated:
                host.endEntry(connection, telling: nil)
                refuseForStore(outcome, to: connection)
            case .seen, .moved, .exists:
                host.endEntry(connection, telling: nil)
            }
        }
    }

    /// A swipe, undo or host command: into the stream. A `seq` already applied is not appended
    /// again; its acknowledgement is sent again once this node has the entry that applied it.
    private func appendMessage(_ message: ClientMessage, seq: Int?, from member: MemberID, of connection: RoomSession, in code: RoomCode) {
        let key = seq.map { "\(member.rawValue):\($0)" }
        let id = connection.id
        inFlight[connection.id, default: InFlightInputs()].appends += 1
        append(.message(node: instance, member: member, message), to: code, idempotencyKey: key) { [unowned self] outcome in
            defer { releaseHeldMessages(of: id) }
            switch outcome {
            case .appended:
                break
            case let .seen(offset):
                reacknowledgements[code, default: []].append((offset, member, message))
                if let applied = replicas[code]?.applied, applied < offset { catchUp(code) }
                answerResends(in: code)   // at once if the entry that applied it is here
            case .closed, .unknown:
                if let connection = host.session(numbered: id) {
                    host.enqueue(.error(ProtocolError(.roomClosed, "\(message.type): room \(code) is closed")), to: connection)
                }
            case .failed, .unreplicated:
                if let connection = host.session(numbered: id) { refuseForStore(outcome, to: connection) }
            case .moved, .exists:
                break
            }
        }
    }

    /// One of the connection's appends was answered (and applied): once none is on its way, what
    /// it sent after them is handled, in order.
    private func releaseHeldMessages(of id: ConnectionID) {
        inFlight[id]?.appends -= 1
        guard let connection = host.session(numbered: id) else {
            if (inFlight[id]?.appends ?? 0) <= 0 { inFlight[id] = nil }   // closed: nothing more to hand on
            return
        }
        while inFlight[id]?.appends == 0, let next = inFlight[id]?.held.first, connection.closing == nil,
              let code = connection.room, let member = connection.member {
            inFlight[id]?.held.removeFirst()
            sharedInput(next, from: member, of: connection, in: code, at: host.now)
        }
        if let inputs = inFlight[id], inputs.appends <= 0, inputs.held.isEmpty || connection.closing != nil || connection.room == nil {
            inFlight[id] = nil
        }
    }

    /// The room's timer ran out here: a `timerFired` entry, appended only if the stream has not
    /// moved since (another node's timer, or anything else, came first: look again after it).
    func sharedTimerDue(_ code: RoomCode) {
        guard let replica = replicas[code], let wake = host.registry.rooms[code]?.nextWakeup else { return }
        let time = host.now
        guard wake <= time else {
            host.timers.setRoomTimer(code, at: wake)
            return
        }
        append(.timerFired(node: instance), to: code, expectedOffset: replica.applied) { [unowned self] outcome in
            switch outcome {
            case .appended, .closed, .unknown, .exists, .seen:
                break
            case .moved:
                catchUp(code)
                host.timers.setRoomTimer(code, at: host.now + 50)
            case .failed, .unreplicated:
                host.timers.setRoomTimer(code, at: host.now + 500)
            }
        }
    }
}
