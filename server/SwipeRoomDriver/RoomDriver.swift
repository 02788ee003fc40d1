// The rooms of this process, whichever store keeps them: the registry, the room timers, which
// member is on which connection, whose create or join is on its way, and the order "store the
// records, then carry out the effects".
// Service thread only (made on the starting thread with the shell, before the service thread
// exists). No lws and no store here: a store is the `RoomBackend` it holds; sockets are its
// `RoomTransport`'s.
import Logging
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// The one room driver: every store's backend reaches the rooms through it (it is their
/// `RoomHost`), and it hands its transport only what to send to whom and whom to close.
///
/// ```swift
/// let driver = RoomDriver(registry: registry, rules: rules, logger: logger, clock: { clock.now })
/// driver.connect(transport: shell, events: shell) { host in LocalBackend(host: host, store: MemoryRoomStore()) }
/// driver.roomInput(.swipe(vote), from: member, of: session, in: code, at: driver.now)
/// ```
package final class RoomDriver {
    /// The rooms this process holds, and the engine that changes them.
    package var registry: RoomRegistry
    /// Every deadline the service loop wakes for: each room's next turn, the store's eviction
    /// check, and the shell's own (shutdown, heap trim).
    package var timers = TimerSchedule()
    /// Each room's members connected here, with their connection (a broadcast looks up nothing else).
    package internal(set) var membersOnline: [RoomCode: [MemberID: RoomSession]] = [:]
    /// The limits that are the same whatever keeps the rooms.
    package let rules: RoomRules
    package let logger: Logger
    /// The gateway's join line (`--ssh-join`), put in every `welcome`.
    package let sshJoin: String?
    /// Sees every record on the service thread before the effects that acknowledge it (tests, benchmarks).
    package let recordSink: (@Sendable (LogRecord) -> Void)?
    /// The connections whose create or join is on its way (`RoomDriver+Entry.swift`).
    package internal(set) var entering: Set<ConnectionID> = []
    /// Votes and matches delivered (for `/metrics`).
    package internal(set) var delivered = DeliveredCounts()
    private let clock: () -> ServerTime
    /// Where rooms' records are kept and inputs ordered (set once by `connect`).
    package var backend: (any RoomBackend)!
    /// The shell, which owns the driver and outlives it: `unowned(unsafe)`, so the hot path pays no
    /// reference counting to reach it (an `unowned` load was 0.3 k instructions a vote).
    package private(set) unowned(unsafe) var transport: (any RoomTransport)!
    package private(set) unowned(unsafe) var events: (any RoomDriverEvents)!

    package init(registry: RoomRegistry, rules: RoomRules, logger: Logger, sshJoin: String? = nil,
                 recordSink: (@Sendable (LogRecord) -> Void)? = nil, clock: @escaping () -> ServerTime) {
        self.registry = registry
        self.rules = rules
        self.logger = logger
        self.sshJoin = sshJoin
        self.recordSink = recordSink
        self.clock = clock
    }

    /// Wires the driver to its transport and the server's events, and makes its store's backend
    /// (which may set deadlines at once, so the driver is whole before it is made).
    package func connect(transport: any RoomTransport, events: any RoomDriverEvents,
                         store makeBackend: (RoomDriver) -> any RoomBackend) {
        self.transport = transport
        self.events = events
        backend = makeBackend(self)
        armHibernationCheck()
    }

    /// Server time now (ms).
    package var now: ServerTime { clock() }

    /// A connection closed. If it was a member's connection here, the member is offline; unless
    /// the server is shutting down (a shutdown changes no room), the store hears of it
    /// (`grace`: how long they may come back, 0 when they left).
    package func sessionClosed(_ session: RoomSession, grace: ServerTime, shuttingDown: Bool) {
        entering.remove(session.id)
        guard let code = session.room, let member = session.member, membersOnline[code]?[member] === session else { return }
        membersOnline[code]?[member] = nil
        if !shuttingDown { carryOut(backend.memberDisconnected(member, of: session, in: code, grace: grace, at: now), in: code) }
    }

    /// A joined member's message for their room (admitted by the shell): to its store, which
    /// orders it and keeps what it changed; what it changed now is carried out here.
    ///
    /// ```swift
    /// driver.roomInput(.swipe(vote), from: member, of: session, in: code, at: driver.now)
    /// ```
    package func roomInput(_ message: ClientMessage, from member: MemberID, of session: RoomSession, in code: RoomCode, at time: ServerTime) {
        carryOut(backend.roomInput(message, from: member, of: session, in: code, at: time), in: code)
    }

    /// What the store handed back at once (none: it refused it, or orders it later and hands it to `apply` then).
    @inline(__always)
    private func carryOut(_ effects: [RoomEffect], in code: RoomCode) {
        if !effects.isEmpty { apply(effects, in: code) }
    }

    /// The room's due timers, the store's own periodic work, then, when it is due, the rooms that
    /// may leave memory (every turn of the service loop).
    package func serviceTurn(at time: ServerTime) {
        for code in timers.takeDueRooms(at: time) { carryOut(backend.timerDue(code, at: time), in: code) }
        backend.serviceTurn(at: time)
        checkForIdleRooms(at: time)
    }
}

/// What the driver delivered that `/metrics` counts.
///
/// ```swift
/// driver.delivered.votes   // acknowledged votes (not undos)
/// ```
package struct DeliveredCounts: Equatable, Sendable {
    /// `voteAccepted` sent for a vote (not an undo).
    package var votes = 0
    /// Cards decided as a match (each counted once, however many members saw it).
    package var matches = 0
}
