// Carrying out a room's effects: its records to the store first, then what each connection gets.
// Service thread only; touches the driver's members and timers, hands sends and closes to the transport.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension RoomDriver {
    /// Carries out a room's effects in order: its records are made durable by the store before
    /// anything that acknowledges them; a store that cannot keep them stops the server and nothing
    /// of this `apply` is carried out. A room that is gone afterwards (closed by its host) is forgotten.
    ///
    /// ```swift
    /// driver.apply(driver.registry.handle(.messageReceived(member, .swipe(vote)), in: code, at: driver.now), in: code)
    /// ```
    package func apply(_ effects: [RoomEffect], in code: RoomCode?) {
        var records: [LogRecord] = []
        for case let .append(record) in effects { records.append(record) }
        if !records.isEmpty {
            if let recordSink { records.forEach(recordSink) }
            guard backend.commit(records) else { return }
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
                break   // already committed, before any of these effects
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
