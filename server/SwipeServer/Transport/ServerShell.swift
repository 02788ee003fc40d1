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
import SwipeCore
import SwipeProtocol
import SwipeRooms
import SwipeStore

final class ServerShell: @unchecked Sendable {
    var registry: RoomRegistry
    let configuration: ServerConfiguration
    let logger: Logger
    let clockStart = ContinuousClock.now
    /// Added to `now`: 0 alone; in a cluster, the wall clock (ms since 1970) at start, so that the
    /// times nodes stamp on a room's entries compare across nodes (their clocks must agree: NTP).
    let clockOffset: ServerTime
    /// Where rooms live (`LocalBackend` or `RedisBackend`), chosen once at start (`makeBackend`).
    lazy var backend: any RoomBackend = makeBackend()
    /// The Redis backend's node state (set by `startCluster`; only `Backend/Redis` reads it).
    var cluster: ClusterNode?
    var connections: [OpaquePointer: Connection] = [:]
    var connectionsByID: [ConnectionID: Connection] = [:]
    /// Each room's members connected here, with their connection itself (a broadcast looks up no
    /// connection by id: that was a quarter of the server's hashing).
    var membersOnline: [RoomCode: [MemberID: Connection]] = [:]
    /// Room timers, the eviction check and the shutdown deadline; the wake timer is armed for the earliest.
    var timers: TimerSchedule
    /// The lws timer that wakes the loop for `timers.earliest` (its `context` is set once there is one).
    let wakeTimer: UnsafeMutablePointer<swipe_server_wake_timer> = {
        let timer = UnsafeMutablePointer<swipe_server_wake_timer>.allocate(capacity: 1)
        timer.initialize(to: swipe_server_wake_timer())
        return timer
    }()
    var httpBodies: [OpaquePointer: PendingHTTPBody] = [:]
    /// Every socket lws has open for us (WebSockets, handshakes, plain HTTP).
    var sockets = Set<OpaquePointer>()
    /// When each open socket was created, until it is hung up to make way (ServerShell+MakeWay).
    var socketsOpenedAt: [OpaquePointer: ServerTime] = [:]
    /// Client addresses of WebSocket upgrades, from FILTER_PROTOCOL_CONNECTION until ESTABLISHED.
    var upgradeAddresses: [OpaquePointer: String] = [:]
    /// Sockets and rooms per client address.
    var ledger = AddressLedger()
    /// Descriptor numbers lws can track (it refuses sockets numbered past it); 0: unknown.
    var descriptorBudget = 0
    /// Sockets lws can hold before it refuses new ones: the budget less the process's other
    /// descriptors, counted at the first socket (nil until then).
    var socketCapacity: Int?
    var lastDescriptorWarning: ServerTime?
    /// Payload bytes queued for all connections together.
    var queuedBytes = 0
    /// Bytes of every connection's picture uploads before their `create`, in all and per address.
    var uploadBudget = UploadBudget()
    /// Connections with a picture under way (`dropStalledUploads` looks at these only).
    var uploading = Set<ConnectionID>()
    /// When freed heap pages go back to the system (after connection churn or a stalled reader).
    var heapTrim = HeapTrimPolicy() {
        didSet { timers.heapTrimCheck = heapTrim.nextCheck }   // the wake-up follows the policy, whatever changed it
    }
    var nextConnectionNumber = 1
    var context: OpaquePointer?
    var shutdownDeadline: ServerTime? { timers.shutdownDeadline }
    var finished = false
    /// True on the libev loop: the host's nudge wakes the loop for `timers.earliest`, so the lws
    /// wake timer would only fire a second time for the same deadline.
    var wakesByNudge = false
    /// How often abandoned rooms are looked for (ms): every minute, or twice per `unjoinedRoomTimeout`.
    let evictionInterval: ServerTime
    /// Failed joins per client address.
    lazy var joinGuard = JoinGuard(maxFailures: configuration.transportLimits.failedJoinsPerMinute,
                                   pace: configuration.transportLimits.slowedJoinIntervalSeconds * 1000)
    /// Rooms nobody is connected to are dropped after this long (ms).
    static let abandonedAfter: ServerTime = 30 * 60_000
    /// Scratch buffer for lws_write (LWS_PRE headroom + payload).
    var writeBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 1024)
    var writeBufferCapacity = 64 * 1024
    /// Scratch for batched frames (LWS_PRE headroom, then the frames of one WRITEABLE).
    var frameBatch = FrameBatch(headroom: Int(swipe_lws_pre()))
    /// What the service thread counts for `/metrics`, and the metrics a scrape renders (ServerShell+Metrics.swift).
    var counters = ServerCounters()
    lazy var metrics = ServerMetrics(cluster: configuration.cluster != nil)

    private let stopLock = NSLock()
    private var stopRequested = false
    /// The context other threads wake (guarded by `stopLock`): set once it exists, cleared before it
    /// is destroyed, so a signal that stops the server never reaches a destroyed context.
    private var wakeTarget: OpaquePointer?
    /// Work posted from other threads, run on the service thread (guarded by `stopLock`).
    private var inbox: [@Sendable (ServerShell) -> Void] = []

    init(configuration: ServerConfiguration) {
        self.configuration = configuration
        logger = configuration.logger
        clockOffset = configuration.cluster == nil ? 0 : Date().timeIntervalSince1970 * 1000
        evictionInterval = min(60_000, max(250, configuration.unjoinedRoomTimeoutSeconds * 500))
        timers = TimerSchedule(evictionCheck: evictionInterval)
        registry = RoomRegistry(library: configuration.decks, limits: configuration.registryLimits, random: configuration.random)
    }

    deinit {
        writeBuffer.deallocate()
        wakeTimer.deallocate()
    }

    /// Server time: milliseconds since the shell was made (monotonic), to the microsecond (three
    /// decimals: what every message carries, and what the JSON writer writes without a String).
    var now: ServerTime {
        let elapsed = ContinuousClock.now - clockStart
        let micros = Double(elapsed.components.seconds) * 1_000_000 + Double(elapsed.components.attoseconds / 1_000_000_000_000)
        return (clockOffset * 1000 + micros).rounded() / 1000
    }

    // MARK: stop (any thread)

    func requestStop() {
        stopLock.withLock {
            stopRequested = true
            wakeService()
        }
    }

    /// Runs `job` on the service thread soon (any thread may call this).
    func post(_ job: @escaping @Sendable (ServerShell) -> Void) {
        stopLock.withLock {
            inbox.append(job)
            wakeService()
        }
    }

    /// Other threads may wake this context from now on (called once it exists).
    func acceptWakeups(for context: OpaquePointer) {
        stopLock.withLock { wakeTarget = context }
    }

    /// Service thread, before `lws_context_destroy`: no other thread touches the context after this
    /// returns (a wake-up already under way finishes first, since both hold `stopLock`).
    func refuseWakeups() {
        stopLock.withLock { wakeTarget = nil }
    }

    /// With `stopLock` held: makes the service thread's wait return (lws_cancel_service only
    /// writes to lws's wake pipe; it takes no lock the service thread could hold).
    private func wakeService() {
        if let wakeTarget { lws_cancel_service(wakeTarget) }
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

    /// Called when the wake timer fires and on EVENT_WAIT_CANCELLED: the inbox, due room timers,
    /// the eviction check, shutdown; then re-arms the wake timer for the next deadline.
    func serviceHousekeeping() {
        drainInbox()
        let time = now
        for code in timers.takeDueRooms(at: time) { backend.timerDue(code, at: time) }
        backend.serviceTurn(at: time)
        dropStalledUploads(at: time)
        if heapTrim.isDue(at: time) { _ = swipe_server_trim_heap() }
        if isStopRequested && shutdownDeadline == nil { beginShutdown() }
        finishIfShutDown(at: time)
        armWakeTimer()
    }

    /// Ends the service loop once a shutdown has closed every connection or run out of time.
    func finishIfShutDown(at time: ServerTime) {
        if let deadline = shutdownDeadline, connections.isEmpty || time >= deadline { finished = true }
    }

    /// The wake timer fired (lws has already unlinked it).
    func wakeTimerFired() {
        timers.wakeFired()
        serviceHousekeeping()
    }

    /// Arms the wake timer for the earliest deadline if it is not armed early enough already.
    /// Service thread, or the starting thread before the service loop runs.
    func armWakeTimer() {
        guard let context, !wakesByNudge else { return }
        switch timers.rearm() {
        case .keep:
            break
        case let .arm(at):
            let delayMicroseconds = max(0, (at - now) * 1000).rounded(.up)
            wakeTimer.pointee.context = context
            lws_sul_schedule(context, 0, &wakeTimer.pointee.sul, swipeServerWake, lws_usec_t(delayMicroseconds))
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

    /// Unlinks the wake timer (before the context is destroyed).
    func disarmWakeTimer() {
        if !wakesByNudge { lws_sul_cancel(&wakeTimer.pointee.sul) }
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
                guard let code, let connection = connectionsByID[connectionID] else { continue }
                connection.room = code
                connection.member = member
                membersOnline[code, default: [:]][member] = connection
            case let .reply(message, to: connectionID):
                if let connection = connectionsByID[connectionID] { enqueue(message, to: connection) }
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
                membersOnline[code]?[member] = nil
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
        if let code, registry.rooms[code] == nil {
            membersOnline[code] = nil
            ledger.removed(room: code)
            timers.cancelRoomTimer(code)
            backend.roomClosed(code)   // closed by its host: out of what a restart loads
        }
        armWakeTimer()
    }

    /// The one place that chooses where rooms live: Redis when a cluster is configured, else here.
    private func makeBackend() -> any RoomBackend {
        configuration.cluster == nil ? LocalBackend(shell: self) : RedisBackend(shell: self)
    }

    private func connection(of member: MemberID, in code: RoomCode) -> Connection? {
        membersOnline[code]?[member]
    }

    var status: ServerStatus {
        var status = ServerStatus(version: SwipeServerInfo.version, protocol: ProtocolVersion.current,
                                  uptimeSeconds: (now - clockOffset) / 1000, rooms: registry.rooms.count,
                                  connections: connections.count, pendingConnections: pendingSockets)
        backend.describe(&status)
        return status
    }
}
