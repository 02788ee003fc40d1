// Carrying out a room's effects, their records already kept by the store that ordered them: what
// each connection gets, the room's timer, and a room that is gone. Service thread only; touches the
// driver's members and timers, hands sends and closes to the transport (which queues them).
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension RoomDriver {
    /// Carries out a room's effects in order. Their records are kept already: the store that
    /// ordered them kept them before handing them here (`LocalBackend.kept`, or a shared log's
    /// append), so nothing here acknowledges what is not stored. A room that is gone afterwards
    /// (closed by its host) is forgotten, and its store told.
    ///
    /// ```swift
    /// driver.apply(backend.roomInput(.swipe(vote), from: member, of: session, in: code, at: driver.now), in: code)
    /// ```
    package func apply(_ effects: [RoomEffect], in code: RoomCode?) {
        if let recordSink {
            for case let .append(record) in effects { recordSink(record) }
        }
        for effect in effects {
            switch effect {
            case let .bind(connectionID, member):
                guard let code, let session = transport.session(numbered: connectionID) else { continue }
                session.room = code
                session.member = member
                membersOnline[code, default: [:]][member] = session
            case let .reply(message, to: connectionID):
                if let session = transport.session(numbered: connectionID) { transport.send(message, to: session) }
            case let .send(message, to: member):
                guard let code, let session = membersOnline[code]?[member] else { continue }
                send(message, to: session)
            case let .broadcast(message, except: skipped):
                if case let .cardResolved(resolved) = message, resolved.outcome == .match { delivered.matches += 1 }
                if let code, let members = membersOnline[code] {
                    transport.send(message, toEach: members, except: skipped, toProtocol1Only: false)
                }
            case let .broadcastToProtocol1(message, except: skipped):
                if let code, let members = membersOnline[code] {
                    transport.send(message, toEach: members, except: skipped, toProtocol1Only: true)
                }
            case let .close(member, closeCode, reason):
                guard let code, let session = membersOnline[code]?[member] else { continue }
                membersOnline[code]?[member] = nil
                session.member = nil
                session.room = nil
                transport.close(session, closeCode, reason)
            case let .scheduleTimer(at):
                if let code { timers.setRoomTimer(code, at: at) }
            case .cancelTimer:
                if let code { timers.cancelRoomTimer(code) }
            case .append:
                break   // kept already, before any of these effects reached the driver
            }
        }
        if let code {
            events.effectsApplied(effects, in: code)
            if registry.rooms[code] == nil {
                roomForgotten(code)
                backend.roomClosed(code)   // closed by its host: out of what a restart loads
            }
        }
        events.deadlinesChanged()
    }

    /// One member's message, fitted to their connection: a `welcome` carries the version the
    /// connection chose and the gateway's line; others are split for older versions.
    private func send(_ message: ServerMessage, to session: RoomSession) {
        if case let .voteAccepted(ack) = message, !ack.undone { delivered.votes += 1 }
        if case var .welcome(welcome) = message, session.protocolVersion != welcome.`protocol` || sshJoin != nil {
            welcome.`protocol` = session.protocolVersion
            welcome.sshJoin = sshJoin
            return deliver(.welcome(welcome), to: session)
        }
        deliver(message, to: session)   // no copy of the message on the way (a vote's answers take this path)
    }

    private func deliver(_ message: ServerMessage, to session: RoomSession) {
        guard message.differs(forProtocol: session.protocolVersion) else { return transport.send(message, to: session) }
        for sent in message.asSent(toProtocol: session.protocolVersion) { transport.send(sent, to: session) }
    }

    /// The room is gone from this process: its members here, its timer and its address's count
    /// are forgotten (the store may keep it).
    package func roomForgotten(_ code: RoomCode) {
        membersOnline[code] = nil
        timers.cancelRoomTimer(code)
        events.roomForgotten(code)
    }
}
