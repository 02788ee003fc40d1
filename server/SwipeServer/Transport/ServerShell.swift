// The server's state on the lws service thread: registry, connections, room timers.
// Runs ONLY on the service thread (every method is called from lws callbacks or the service loop);
// the one exception is `requestStop`, which takes the lock and wakes the loop with lws_cancel_service.
import CLibWebSockets
import Foundation
import Logging
import SwipeCore
import SwipeProtocol
import SwipeStore

final class ServerShell: @unchecked Sendable {
    var registry: RoomRegistry
    let configuration: ServerConfiguration
    let logger: Logger
    let clockStart = ContinuousClock.now
    var connections: [OpaquePointer: Connection] = [:]
    var connectionsByID: [ConnectionID: Connection] = [:]
    var membersOnline: [RoomCode: [MemberID: ConnectionID]] = [:]
    var roomTimers: [RoomCode: ServerTime] = [:]
    var httpBodies: [OpaquePointer: [UInt8]] = [:]
    var nextConnectionNumber = 1
    var context: OpaquePointer?
    var shutdownDeadline: ServerTime?
    var finished = false
    var lastEviction: ServerTime = 0
    /// Failed joins per client address.
    lazy var joinGuard = JoinGuard(maxFailures: configuration.transportLimits.failedJoinsPerMinute)
    /// The durable log (nil with no data directory).
    var store: EventLog?
    /// Rooms nobody is connected to are dropped after this long (ms).
    static let abandonedAfter: ServerTime = 30 * 60_000
    /// Scratch buffer for lws_write (LWS_PRE headroom + payload).
    var writeBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 1024)
    var writeBufferCapacity = 64 * 1024

    private let stopLock = NSLock()
    private var stopRequested = false
    /// Work posted from other threads, run on the service thread (guarded by `stopLock`).
    private var inbox: [@Sendable (ServerShell) -> Void] = []

    init(configuration: ServerConfiguration) {
        self.configuration = configuration
        logger = configuration.logger
        registry = RoomRegistry(library: configuration.decks, limits: configuration.registryLimits, random: configuration.random)
    }

    deinit { writeBuffer.deallocate() }

    /// Server time: milliseconds since the shell was made (monotonic).
    var now: ServerTime {
        let elapsed = ContinuousClock.now - clockStart
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    // MARK: stop (any thread)

    func requestStop() {
        stopLock.lock()
        stopRequested = true
        stopLock.unlock()
        if let context { lws_cancel_service(context) }
    }

    /// Runs `job` on the service thread soon (any thread may call this).
    func post(_ job: @escaping @Sendable (ServerShell) -> Void) {
        stopLock.lock()
        inbox.append(job)
        stopLock.unlock()
        if let context { lws_cancel_service(context) }
    }

    private func drainInbox() {
        stopLock.lock()
        let jobs = inbox
        inbox = []
        stopLock.unlock()
        for job in jobs { job(self) }
    }

    private var isStopRequested: Bool {
        stopLock.lock()
        defer { stopLock.unlock() }
        return stopRequested
    }

    // MARK: periodic work (service thread)

    /// Called every tick and on EVENT_WAIT_CANCELLED: room timers and shutdown.
    func serviceHousekeeping() {
        drainInbox()
        let time = now
        for (code, at) in roomTimers where time >= at {
            roomTimers[code] = nil
            apply(registry.handle(.timerFired, in: code, at: time), in: code)
        }
        if time - lastEviction >= 60_000 {
            lastEviction = time
            for code in registry.evictAbandoned(idle: Self.abandonedAfter, at: time) {
                membersOnline[code] = nil
                roomTimers[code] = nil
                forgetStored(code)
                logger.info("room \(code) evicted: nobody connected for \(Int(Self.abandonedAfter / 60_000)) minutes")
            }
        }
        if isStopRequested && shutdownDeadline == nil { beginShutdown() }
        if let deadline = shutdownDeadline, connections.isEmpty || time >= deadline { finished = true }
    }

    private func beginShutdown() {
        shutdownDeadline = now + 1500
        logger.info("shutting down: closing \(connections.count) connection(s) with 1001 going away")
        for connection in connections.values { closeAfterFlush(connection, .goingAway, "server shutting down") }
    }

    // MARK: effects (service thread)

    /// Carries out a room's effects in order.
    func apply(_ effects: [RoomEffect], in code: RoomCode?) {
        guard persist(effects) else { return }
        for effect in effects {
            switch effect {
            case let .bind(connectionID, member):
                guard let code, let connection = connectionsByID[connectionID] else { continue }
                connection.room = code
                connection.member = member
                membersOnline[code, default: [:]][member] = connectionID
            case let .reply(message, to: connectionID):
                if let connection = connectionsByID[connectionID] { enqueue(message, to: connection) }
            case let .send(message, to: member):
                if let code, let connection = connection(of: member, in: code) { enqueue(message, to: connection) }
            case let .broadcast(message, except: skipped):
                guard let code, let members = membersOnline[code] else { continue }
                guard let bytes = encode(message) else { continue }
                let key = coalescingKey(message)
                for (member, connectionID) in members where member != skipped {
                    if let connection = connectionsByID[connectionID] { enqueue(bytes, key: key, to: connection) }
                }
            case let .close(member, closeCode, reason):
                guard let code, let connection = connection(of: member, in: code) else { continue }
                membersOnline[code]?[member] = nil
                connection.member = nil
                connection.room = nil
                closeAfterFlush(connection, closeCode, reason)
            case let .scheduleTimer(at):
                if let code { roomTimers[code] = at }
            case .cancelTimer:
                if let code { roomTimers[code] = nil }
            case .append:
                break   // already written by `persist`, before any of these effects
            }
        }
        if let code, registry.rooms[code] == nil {
            membersOnline[code] = nil
            roomTimers[code] = nil
        }
    }

    private func connection(of member: MemberID, in code: RoomCode) -> Connection? {
        membersOnline[code]?[member].flatMap { connectionsByID[$0] }
    }

    func encode(_ message: ServerMessage) -> [UInt8]? {
        do {
            return try WireCodec.encode(message)
        } catch {
            logger.error("cannot encode \(message.type): \(error)")
            return nil
        }
    }

    private func coalescingKey(_ message: ServerMessage) -> OutboundQueue.Key? {
        guard message.isCoalescable, case let .cardState(state) = message else { return nil }
        return OutboundQueue.Key(member: state.member, card: state.card)
    }

    func enqueue(_ message: ServerMessage, to connection: Connection) {
        guard let bytes = encode(message) else { return }
        enqueue(bytes, key: coalescingKey(message), to: connection)
    }

    func enqueue(_ bytes: [UInt8], key: OutboundQueue.Key?, to connection: Connection) {
        if connection.overflowed { return }
        switch connection.outbound.push(bytes, coalescing: key) {
        case .queued, .coalesced:
            lws_callback_on_writable(connection.wsi)
        case .overflow:
            // A stalled reader: drop what is queued (it would never drain), send only the close, and
            // hang up if even that cannot be written within the grace period. Nobody else waits.
            logger.warning("\(connection.id): send queue full (\(connection.outbound.capacity) frames), closing the slow client 1008")
            connection.overflowed = true
            connection.outbound.removeAll()
            connection.closing = (.policyViolation, "send queue overflow: the client reads too slowly")
            lws_set_timeout(connection.wsi, PENDING_TIMEOUT_USER_OK, Self.overflowGraceSeconds)
            lws_callback_on_writable(connection.wsi)
        }
    }

    /// Seconds a reader closed for overflow has to take its close frame before the socket is dropped.
    static let overflowGraceSeconds: Int32 = 20

    /// Sends what is queued, then closes with `code`.
    func closeAfterFlush(_ connection: Connection, _ code: CloseCode, _ reason: String) {
        if connection.closing == nil { connection.closing = (code, reason) }
        lws_callback_on_writable(connection.wsi)
    }

    var status: ServerStatus {
        ServerStatus(version: SwipeServerInfo.version, protocol: ProtocolVersion.current, uptimeSeconds: now / 1000,
                     rooms: registry.rooms.count, connections: connections.count)
    }
}
