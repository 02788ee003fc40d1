// What a backend (LocalBackend, SharedLogBackend, both in this target) may ask of the driver: the
// room engine, the clock, carrying out a room's effects, and a few words to a connection. Service
// thread only: the driver is the one implementation, and a backend holds it unowned.
import Logging
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// The narrow view of the server a `RoomBackend` gets (the shell itself, behind this protocol).
/// A backend changes rooms only through `registry` and hands what the engine answered to `apply`;
/// it never sees a socket, a queue or an lws handle.
///
/// ```swift
/// let effects = host.registry.handle(.timerFired, in: code, at: host.now)
/// host.apply(effects, in: code)
/// ```
package protocol RoomHost: AnyObject {
    /// What the store may tell the server around the rooms (counts, HTTP answers, metrics, a stop, webhooks).
    var server: any RoomServerEvents { get }
    /// The rooms this process holds, and the engine that changes them (in place).
    var registry: RoomRegistry { get set }
    /// Server time now (ms).
    var now: ServerTime { get }
    var logger: Logger { get }
    /// The limits that are the same whatever keeps the rooms.
    var rules: RoomRules { get }
    /// Deadlines: each room's next turn, and the local backend's eviction check.
    var timers: TimerSchedule { get set }

    /// Carries out a room's effects in order (records go to the backend's `commit` first).
    func apply(_ effects: [RoomEffect], in code: RoomCode?)
    /// The room's answer to a create or join, carried out once the same way for every store (the
    /// entry ends; a wrong code or token and a created room are counted for the address; `apply`).
    func answerEntry(_ effects: [RoomEffect], in code: RoomCode?, for session: RoomSession?, created: Bool)
    /// A create or join that ends without a room's answer, telling `error` if there is one.
    func endEntry(_ session: RoomSession, telling error: ProtocolError?)
    /// Lets every room idle for `idleFor` ms (default `--hibernate-after`) go from memory now (a
    /// store whose memory is full makes way for a new room: `idleFor` 0).
    func letIdleRoomsGo(at time: ServerTime, idleFor: ServerTime?)
    /// Queues a message for one connection.
    func enqueue(_ message: ServerMessage, to session: RoomSession)
    /// Closes a connection once what is queued for it has gone out.
    func closeAfterFlush(_ session: RoomSession, _ code: CloseCode, _ reason: String)
    /// The connection with this number, while it is open.
    func session(numbered id: ConnectionID) -> RoomSession?
    /// Whether any member of the room is connected to this process.
    func hasMembersHere(in code: RoomCode) -> Bool
    /// Closes the connections of the room's members here once their queues drain.
    func closeMembersHere(in code: RoomCode, _ closeCode: CloseCode, _ reason: String)
    /// Sends a message to the room's members here (`toProtocol1Only`: only to version-1 connections).
    func broadcast(_ message: ServerMessage, in code: RoomCode, except skipped: MemberID?, toProtocol1Only: Bool)
    /// A message as the bytes of one text frame (nil: it could not be encoded, and was logged).
    func encode(_ message: ServerMessage) -> [UInt8]?
    /// Every connection is told `error` and closed with `code` (the store went away).
    func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String)

    /// The room is gone from this process: its members here, its timer and its address's count
    /// are forgotten (the backend's store may keep it).
    func roomForgotten(_ code: RoomCode)
}

/// What a store tells the server around the rooms, none of it about a room's state: an address's
/// room count and failed lookups, an HTTP answer that waited, metrics, a stop, webhooks. The
/// driver passes each on (the shell implements it); a store reaches it as `host.server`.
///
/// ```swift
/// host.server.failedLookup(from: connection.address, at: host.now)
/// host.server.recordStoreAppend(since: started)
/// ```
package protocol RoomServerEvents: AnyObject {
    /// `session` created room `code` (counted against its address's rooms; its uploads are the room's).
    func roomCreated(_ code: RoomCode, by session: RoomSession)
    /// A failed room-code lookup from `address` (a wrong code or token): counted against it.
    func failedLookup(from address: String, at time: ServerTime)
    /// Failed lookups another process counted for `address` (their ages, ms): this process slows it too.
    func adoptFailedLookups(ages: [ServerTime], for address: String)
    /// An HTTP request that waited for the store can be answered now (the shell asks
    /// `httpAnswerReady` again when the request's socket is writeable).
    func answerWhenReady(_ request: HTTPRequestID)
    /// One append to the store, begun at `start`, is done (the `/metrics` histogram of this store's appends).
    func recordStoreAppend(since start: ContinuousClock.Instant)
    /// Counts checkpoints stored (for `/metrics`).
    func countCheckpoints(_ count: Int)
    /// Stops the server (a store that can no longer keep what it acknowledges).
    func requestStop()
    /// A room served here has a webhook, learnt from the store (a cluster's `created` entry).
    func roomHasWebhook(_ code: RoomCode, url: String)
    /// A webhook event another process kept in the shared store and did not deliver in time: this
    /// process sends it now.
    func webhookTakenOver(_ payload: [UInt8])
}

/// The limits every backend applies the same way, from the server's flags.
///
/// ```swift
/// RoomRules(restartGrace: 120_000, maxRoomsPerAddress: 20, failedLookups: 20, failedLookupWindow: 60_000, unjoinedRoomTimeout: 120_000)
/// ```
package struct RoomRules: Sendable {
    /// How long members of a room loaded at start, or of a node that stopped, may come back (ms).
    package var restartGrace: ServerTime
    /// `--max-rooms-per-address` (0: no cap).
    package var maxRoomsPerAddress: Int
    /// Failed room-code lookups an address may make within `failedLookupWindow` (ms) before it is slowed.
    package var failedLookups: Int
    package var failedLookupWindow: ServerTime
    /// A room only its creator ever joined is given up this long after everyone left it (ms).
    package var unjoinedRoomTimeout: ServerTime
    /// A room without a closing time is dropped this long after everyone left it (ms;
    /// `--abandoned-room-timeout`, `abandonedAfter` by default).
    package var abandonedRoomTimeout: ServerTime
    /// A room with a closing time is forgotten this long after it (ms; `--keep-decided`, 7 days).
    package var keepDecided: ServerTime
    /// A room nobody is connected to leaves memory this long after its last member left (ms;
    /// `--hibernate-after`, 60 s; nil: never). A store that keeps rooms reads it back on demand.
    package var hibernateAfter: ServerTime?
    /// The open rooms a node keeps, in memory and hibernated together (`--max-open-rooms`).
    package var maxOpenRooms: Int

    /// How long a room nobody is connected to is kept, wherever it is: these rules as the one
    /// `RoomLifetime` (in memory, asleep in an index, a shared store's key lifetimes).
    package var lifetime: RoomLifetime {
        RoomLifetime(abandoned: abandonedRoomTimeout, unjoined: unjoinedRoomTimeout, keepDecided: keepDecided)
    }

    /// Rooms nobody is connected to are dropped after this long (ms) by default: from memory and
    /// the log here, and from a cluster's per-address count of open rooms.
    package static let abandonedAfter: ServerTime = 30 * 60_000

    /// 7 days: how long a decided room with a closing time stays for its results by default.
    package static let defaultKeepDecided: ServerTime = RegistryLimits.defaultKeepDecided

    package init(restartGrace: ServerTime, maxRoomsPerAddress: Int, failedLookups: Int, failedLookupWindow: ServerTime,
                 unjoinedRoomTimeout: ServerTime, abandonedRoomTimeout: ServerTime = RoomRules.abandonedAfter,
                 keepDecided: ServerTime = RoomRules.defaultKeepDecided, hibernateAfter: ServerTime? = 60_000,
                 maxOpenRooms: Int = 100_000) {
        self.hibernateAfter = hibernateAfter
        self.maxOpenRooms = maxOpenRooms
        self.abandonedRoomTimeout = abandonedRoomTimeout
        self.keepDecided = keepDecided
        self.restartGrace = restartGrace
        self.maxRoomsPerAddress = maxRoomsPerAddress
        self.failedLookups = failedLookups
        self.failedLookupWindow = failedLookupWindow
        self.unjoinedRoomTimeout = unjoinedRoomTimeout
    }
}

/// An HTTP request waiting for a backend (a room being loaded, a picture being fetched): the
/// request's socket, as a number the backend keeps but never dereferences.
///
/// ```swift
/// backend.waitForRoom(code, path: path, request: HTTPRequestID(rawValue: Int(bitPattern: wsi)))
/// ```
package struct HTTPRequestID: Hashable, Sendable {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }
}

/// The exit status of a server stopped by its store (EX_IOERR from sysexits.h).
package let storageFailureExitCode: Int32 = 74
