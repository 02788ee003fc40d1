// The server's transport on the lws service thread: connections, sockets, admission, HTTP; the
// rooms are its `RoomDriver`'s (SwipeRoomDriver), which hands it what to send and whom to close.
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
import SwipeRoomDriver
import SwipeRooms

final class ServerShell: @unchecked Sendable {
    /// The rooms, their timers and their store (the shell is its transport).
    let driver: RoomDriver
    /// The driver's rooms (read only here: they change through the driver and its store).
    var registry: RoomRegistry { driver.registry }
    let configuration: ServerConfiguration
    var logger: Logger { configuration.logger }
    let clock: ServerClock
    /// The driver's store, made once, when the shell is made; it holds its own state.
    var backend: any RoomBackend {
        get { driver.backend }
        set { driver.backend = newValue }
    }
    /// Every WebSocket connection, by socket, number, and room and member; their queued bytes.
    var connections = ConnectionTable()
    /// Every socket lws has open for us, and the descriptor budget they share.
    var sockets = SocketTable()
    /// Sockets and rooms per client address.
    var ledger = AddressLedger()
    /// The driver's deadlines (room timers, the eviction check) and the shell's (shutdown, heap
    /// trim); the wake-up is armed for the earliest.
    var timers: TimerSchedule {
        get { driver.timers }
        _modify { yield &driver.timers }
    }
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
    lazy var metrics = ServerMetrics(store: configuration.store.metrics)

    /// What other threads hand the service thread (a stop, posted jobs).
    let inbox = ServiceInbox()
    /// Rooms' webhooks (`Notify/ServerShell+Webhooks.swift`).
    let webhookState = ShellWebhooks()

    init(configuration: ServerConfiguration) {
        self.configuration = configuration
        let clock = ServerClock(wallClockOffset: configuration.store.sharedByNodes)
        self.clock = clock
        var limits = configuration.registryLimits
        limits.wallClockAtZero = clock.wallClockAtZero
        driver = RoomDriver(registry: RoomRegistry(library: configuration.decks, limits: limits, random: configuration.random),
                            rules: Self.rules(configuration), logger: configuration.logger, sshJoin: configuration.sshJoin,
                            recordSink: configuration.recordSink, clock: { clock.now })
        // The store is made now, so that it sets its deadlines from the start.
        driver.connect(transport: self, events: self) { [configuration] driver in
            configuration.store.makeBackend(driver, configuration.eventLoop == .epoll)
        }
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
        driver.serviceTurn(at: time)
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
