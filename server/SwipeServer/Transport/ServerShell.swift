// The server's state on the lws service thread: registry, connections, room timers.
// Runs ONLY on the service thread (every method is called from lws callbacks or the service loop);
// the exceptions are `requestStop` and `post`, which take the lock and, holding it, wake the loop
// with lws_cancel_service (the service thread refuses wake-ups under the lock before it destroys
// the context). The loop sleeps until a socket, lws_cancel_service, or the wake-up for the
// earliest deadline in `timers` needs it: with lws's poll loop that wake-up is the lws wake timer;
// with the libev (epoll) loop it is the host's nudge (`secondsUntilNudge`, at most a second ahead),
// whose lws_cancel_service runs `serviceHousekeeping`, and the lws wake timer is not used.
import CLibWebSockets
import Foundation
import Logging
import SwipeBackend
import SwipeCore
import SwipeProtocol
import SwipeRooms
import SwipeStore

final class ServerShell: @unchecked Sendable {
    var registry: RoomRegistry
    let configuration: ServerConfiguration
    /// Where rooms live, as the flags chose (`StoreChoice`: the one place that reads them).
    var store: StoreChoice { StoreChoice(configuration) }
    var logger: Logger { configuration.logger }
    let clock: ServerClock
    /// The backend of `store`, made once, when the shell is made; it holds its own state.
    lazy var backend: any RoomBackend = store.makeBackend(host: self, configuration: configuration)
    /// Every WebSocket connection, by socket, number, and room and member; their queued bytes.
    var connections = ConnectionTable()
    /// Every socket lws has open for us, and the descriptor budget they share.
    var sockets = SocketTable()
    /// Sockets and rooms per client address.
    var ledger = AddressLedger()
    /// Room timers, the eviction check and the shutdown deadline; the wake-up is armed for the earliest.
    var timers: TimerSchedule
    /// When freed heap pages go back to the system (after connection churn or a stalled reader).
    var heapTrim = HeapTrimPolicy() {
        didSet { timers.heapTrimCheck = heapTrim.nextCheck }   // the wake-up follows the policy, whatever changed it
    }
    /// How the service loop is woken for `timers.earliest`, and whether it is done.
    let loop = ServiceLoopState()
    var shutdownDeadline: ServerTime? { timers.shutdownDeadline }
    /// Failed joins per client address.
    lazy var joinGuard = JoinGuard(maxFailures: configuration.transportLimits.failedJoinsPerMinute,
                                   pace: configuration.transportLimits.slowedJoinIntervalSeconds * 1000)
    /// Buffers every write reuses.
    let scratch = WriteScratch()
    /// What the service thread counts for `/metrics`, and the metrics a scrape renders (ServerShell+HTTP.swift).
    var counters = ServerCounters()
    lazy var metrics = ServerMetrics(cluster: store.sharedByNodes)

    /// What other threads hand the service thread (a stop, posted jobs).
    let inbox = ServiceInbox()
    /// Rooms' webhooks (`Notify/ServerShell+Webhooks.swift`).
    let webhookState = ShellWebhooks()

    init(configuration: ServerConfiguration) {
        self.configuration = configuration
        clock = ServerClock(wallClockOffset: StoreChoice(configuration).sharedByNodes)
        timers = TimerSchedule()
        var limits = configuration.registryLimits
        limits.wallClockAtZero = clock.wallClockAtZero
        registry = RoomRegistry(library: configuration.decks, limits: limits, random: configuration.random)
        _ = backend   // made now, so that it sets its deadlines from the start
    }

    /// Server time (ms; `ServerClock`).
    var now: ServerTime { clock.now }

    // MARK: stop (any thread)

    func requestStop() { inbox.requestStop() }

    /// Runs `job` on the service thread soon (any thread may call this).
    func post(_ job: @escaping @Sendable (ServerShell) -> Void) { inbox.post(job) }

    // MARK: periodic work (service thread)

    /// Called when the wake timer fires and on EVENT_WAIT_CANCELLED: the inbox, due room timers,
    /// the eviction check, shutdown; then re-arms the wake timer for the next deadline.
    func serviceHousekeeping() {
        for job in inbox.drain() { job(self) }
        let time = now
        for code in timers.takeDueRooms(at: time) { backend.timerDue(code, at: time) }
        backend.serviceTurn(at: time)
        dropStalledUploads(at: time)
        if heapTrim.isDue(at: time) { _ = swipe_server_trim_heap() }
        if inbox.isStopRequested && shutdownDeadline == nil { beginShutdown() }
        finishIfShutDown(at: time)
        armWakeTimer()
    }

    /// Ends the service loop once a shutdown has closed every connection or run out of time.
    func finishIfShutDown(at time: ServerTime) {
        if let deadline = shutdownDeadline, connections.isEmpty || time >= deadline { loop.finished = true }
    }

    /// The wake timer fired (lws has already unlinked it).
    func wakeTimerFired() {
        timers.wakeFired()
        serviceHousekeeping()
    }

    /// Arms the wake timer for the earliest deadline if it is not armed early enough already.
    /// Service thread, or the starting thread before the service loop runs.
    func armWakeTimer() {
        guard loop.usesWakeTimer else { return }
        switch timers.rearm() {
        case .keep:
            break
        case let .arm(at):
            loop.wake(in: max(0, (at - now) * 1000).rounded(.up))
        }
    }

    /// With the libev (epoll) loop: how soon the loop must wake even if no socket does, so lws's own
    /// timers (keepalive pings, hang-ups, handshake timeouts) and ours run on time: at the earliest
    /// deadline in `timers`, and at most a second ahead (lws 4.1's libev glue can leave its own timer
    /// armed for a later lws timer; see `swipe_ev_nudge` in the shim).
    var secondsUntilNudge: Double {
        let untilDeadline = timers.earliest.map { max(0, ($0 - now) / 1000) } ?? 1
        return min(1, untilDeadline) + 0.001
    }

    private func beginShutdown() {
        timers.shutdownDeadline = now + 1500
        logger.info("shutting down: closing \(connections.count) connection(s) with 1001 going away")
        backend.shuttingDown()
        for connection in connections.values { closeAfterFlush(connection, .goingAway, "server shutting down") }
    }

    // MARK: effects (service thread)

    /// Carries out a room's effects in order.
    func apply(_ effects: [RoomEffect], in code: RoomCode?) {
        var records: [LogRecord] = []
        for case let .append(record) in effects { records.append(record) }
        if !records.isEmpty {
            if let sink = configuration.recordSink { records.forEach(sink) }
            // Durable before anything that acknowledges it; a store that failed stops the server.
            guard backend.commit(records) else { return }
        }
        for effect in effects {
            switch effect {
            case let .bind(connectionID, member):
                guard let code, let connection = connections.byID[connectionID] else { continue }
                connection.room = code
                connection.member = member
                connections.membersOnline[code, default: [:]][member] = connection
            case let .reply(message, to: connectionID):
                if let connection = connections.byID[connectionID] { enqueue(message, to: connection) }
            case let .send(message, to: member):
                guard let code, let connection = connection(of: member, in: code) else { continue }
                if case let .voteAccepted(ack) = message, !ack.undone { counters.votes += 1 }
                if case var .welcome(welcome) = message, connection.protocolVersion != welcome.`protocol` || configuration.sshJoin != nil {
                    welcome.`protocol` = connection.protocolVersion   // the version this connection chose
                    welcome.sshJoin = configuration.sshJoin           // the gateway's line, if it has one
                    enqueue(.welcome(welcome), to: connection)
                } else {
                    for sent in message.asSent(toProtocol: connection.protocolVersion) { enqueue(sent, to: connection) }
                }
            case let .broadcast(message, except: skipped):
                if case let .cardResolved(resolved) = message, resolved.outcome == .match { counters.matches += 1 }
                if let code { broadcast(message, in: code, except: skipped, toProtocol1Only: false) }
            case let .broadcastToProtocol1(message, except: skipped):
                if let code { broadcast(message, in: code, except: skipped, toProtocol1Only: true) }
            case let .close(member, closeCode, reason):
                guard let code, let connection = connection(of: member, in: code) else { continue }
                connections.membersOnline[code]?[member] = nil
                connection.member = nil
                connection.room = nil
                closeAfterFlush(connection, closeCode, reason)
            case let .scheduleTimer(at):
                if let code { timers.setRoomTimer(code, at: at) }
            case .cancelTimer:
                if let code { timers.cancelRoomTimer(code) }
            case .append:
                break   // already committed by the backend, before any of these effects
            }
        }
        observeWebhooks(effects, in: code)
        if let code, registry.rooms[code] == nil {
            roomForgotten(code)
            backend.roomClosed(code)   // closed by its host: out of what a restart loads
        }
        armWakeTimer()
    }

    private func connection(of member: MemberID, in code: RoomCode) -> Connection? {
        connections.membersOnline[code]?[member]
    }

    var status: ServerStatus {
        var status = ServerStatus(version: SwipeServerInfo.version, protocol: ProtocolVersion.current,
                                  uptimeSeconds: clock.uptime / 1000, rooms: registry.rooms.count,
                                  connections: connections.count, pendingConnections: pendingSockets)
        let health = backend.health
        status.node = health.node
        status.store = health.store
        if !health.reachable { status.status = "unavailable" }
        return status
    }
}
