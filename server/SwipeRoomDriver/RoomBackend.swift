// Where rooms' inputs are ordered: the driver holds one RoomBackend, made once from the
// `StoreChoice`, and never asks which. Service thread only, like the driver that calls it (but
// `restore` and `start`, which run on the starting thread before the service thread exists).
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// What orders a room's inputs before the room engine sees them, and keeps its records. Two kinds:
/// - this process orders them (`LocalBackend`, in SwipeRoomDriver: the registry applies each
///   input at once and its `RoomStore`, if any, keeps the records before anything acknowledges
///   them). A store of this kind implements `RoomStore` (8 requirements), not this protocol;
/// - a log shared by several nodes orders them (`SharedLogBackend`, in SwipeRoomDriver: inputs
///   become entries of the room's log, applied on every node in offset order). A store of this
///   kind implements `SharedStore` (three small protocols), not this protocol.
///
/// Who may create or join, and how often, is decided once, before any of this (the shell's
/// admission: the per-address caps, making way, failed lookups); a backend only says where the
/// room is and how its records are kept. It reaches the rooms through its `RoomHost` (the driver),
/// never a socket. What an input, a disconnection or a timer changed now comes back as the
/// effects to carry out, already kept; a backend that orders through a shared log returns none
/// and hands them to `RoomHost.apply` when the log has ordered them.
///
/// ```swift
/// driver.apply(backend.roomInput(.swipe(vote), from: member, of: connection, in: code, at: driver.now), in: code)
/// ```
package protocol RoomBackend: AnyObject {
    /// Whether this process does what `key` names, of all that serve the room (a default: yes; below).
    func claimOnce(_ key: String, then: @escaping (Bool) -> Void)
    /// Keeps a webhook event (`payload`) in a shared store until it is delivered; `dueAt` (s since
    /// 1970) is when another process may take it over if this one has not saved it again (default: nothing).
    func keepWebhook(_ key: String, payload: [UInt8], dueAt: Double)
    /// The event was delivered or given up: out of the shared store (default: nothing).
    func settleWebhook(_ key: String)
    // MARK: life

    /// At start, before the service thread exists: open the store and bring its rooms back (a
    /// backend whose rooms are loaded when first asked for checks that its store answers).
    func restore() throws
    /// Once the event loop exists (`eventLoop`: the libev loop, nil on lws's poll loop), before
    /// the service thread runs: connect to the store.
    func start(eventLoop: UnsafeMutableRawPointer?) throws
    /// Every turn of the service loop: the backend's own periodic work.
    func serviceTurn(at time: ServerTime)
    /// The server is shutting down (connections are being closed with 1001).
    func shuttingDown()
    /// The service loop has ended, before the event loop goes: let go of the store.
    func stop()

    // MARK: rooms

    /// A joined member's message for their room (admitted and rate-limited already): the effects
    /// to carry out now, their records kept (none when the store orders it later, or refused it).
    func roomInput(_ message: ClientMessage, from member: MemberID, of session: RoomSession, in code: RoomCode, at time: ServerTime) -> [RoomEffect]
    /// Makes room `code` available here (loads it from the store if need be), then `then(found)`.
    func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void)
    /// Creates a room for `connection`, admitted by the shell (the backend may refuse it further,
    /// e.g. a cap counted over every node). `pictures`: what the connection uploaded before, by
    /// tag (checked, tagged by the server); the room's cards may name only these, and the backend
    /// keeps those they name with the room, durably before its first record is acknowledged, and
    /// forgets them with it. The host is bound and welcomed through `apply`, and
    /// `RoomHost.roomCreated` says the uploads are the room's.
    func createRoom(_ request: CreateRoom, pictures: [String: PictureAsset], for session: RoomSession, at time: ServerTime)
    /// Joins room `code` (found by `findRoom`) for `connection`, admitted by the shell.
    func joinRoom(_ request: JoinRoom, in code: RoomCode, for session: RoomSession, at time: ServerTime)
    /// Why no room can be created or joined now (the store cannot be reached), else nil.
    var unavailable: ProtocolError? { get }
    /// At `--max-rooms-per-address`: whether one of `rooms` (those `address` created here) that it
    /// left unjoined was given up to make way for a new one.
    func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool
    /// A joined member's connection closed (`grace`: how long they may come back, 0 when they
    /// left): the effects to carry out now, as `roomInput`.
    func memberDisconnected(_ member: MemberID, of session: RoomSession, in code: RoomCode, grace: ServerTime, at time: ServerTime) -> [RoomEffect]
    /// A room's timer came due: the effects to carry out now, as `roomInput`.
    func timerDue(_ code: RoomCode, at time: ServerTime) -> [RoomEffect]
    /// A room is gone from this process (closed by its host, or evicted).
    func roomClosed(_ code: RoomCode)
    /// Since when room `code` (in memory here, nobody connected to it here) has been idle, by this
    /// store's measure; nil: it must stay in memory (someone is expected back, a request waits for
    /// it, or the store has nowhere to keep it). The driver lets it go `--hibernate-after` later.
    func idleSince(_ code: RoomCode) -> ServerTime?
    /// Lets `codes` go from memory: the store keeps each (the local log: a checkpoint and an index
    /// row; Redis: its stream) and reads it back when it is next asked for (`findRoom`).
    func letGo(_ codes: [RoomCode], at time: ServerTime)
    /// A failed room-code lookup from `address` was counted here (a backend may count it further).
    func failedLookupRecorded(from address: String, at time: ServerTime)

    // MARK: records

    /// Why the store stopped the server, once it did (it could not keep records it was given, so
    /// nothing of what they say was acknowledged).
    var storageFailure: String? { get }

    // MARK: health and HTTP

    /// What `/healthz` and `/metrics` say of the store.
    var health: StoreHealth { get }
    /// An HTTP request names `code`: true when its answer must wait until the room is loaded
    /// (the backend calls `RoomHost.answerWhenReady` then, and `httpAnswerReady` hands the path back).
    func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool
    /// The path a request waited for, once its room is loaded (nil: it was not waiting); forgets it.
    func httpAnswerReady(_ request: HTTPRequestID) -> String?
    /// A picture request whose card's tag (`etag`) this node's decks do not hold (a picture of
    /// another node's decks, or one the room's host uploaded): true when its answer must wait for
    /// the store (as `waitForRoom`: `httpAnswerReady` hands the path back).
    func waitForPicture(_ etag: String, in code: RoomCode, path: String, request: HTTPRequestID) -> Bool
    /// Where a picture of room `code` this node's decks do not hold is (another node's deck
    /// picture, or one the room's host uploaded), for `request` (forgets its answer).
    func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture
    /// An HTTP request's connection closed.
    func httpClosed(_ request: HTTPRequestID)
}

/// What `/healthz` says of a backend's store.
///
/// ```swift
/// StoreHealth(node: "n1#3f2a", store: "redis://10.0.0.5:6379/0", reachable: true)
/// ```
package struct StoreHealth: Equatable, Sendable {
    /// This process's name among the nodes sharing the store (nil: it is alone).
    package var node: String?
    /// The store's name as its flag gave it (nil: this machine's own).
    package var store: String?
    /// False while the store cannot be reached (`/healthz` then says "unavailable").
    package var reachable: Bool
    /// Whether the link to a store across one is up, for its `/metrics` gauge: `reachable`, for a
    /// store with a name (nil: there is no link, as for this machine's own or before the start).
    ///
    /// ```swift
    /// StoreHealth(store: "redis://127.0.0.1:6379", reachable: false).linkUp   // false
    /// ```
    package var linkUp: Bool? { store == nil ? nil : reachable }

    package init(node: String? = nil, store: String? = nil, reachable: Bool = true) {
        self.node = node
        self.store = store
        self.reachable = reachable
    }
}

/// Doing a thing once over every process that serves a room.
extension RoomBackend {
    /// Whether this process is the one to do what `key` names (a room's webhook event, which each
    /// node that serves the room sees): one machine always is; a shared store answers true to
    /// exactly one asker (`SharedLogBackend`, through its `SharedStore`). `then` runs on the service thread.
    ///
    /// ```swift
    /// backend.claimOnce("webhook:K7QM-X4TD-9R:decided") { mine in if mine { send() } }
    /// ```
    package func claimOnce(_ key: String, then: @escaping (Bool) -> Void) { then(true) }

    /// One machine keeps its webhook events beside its log (or in memory): nothing to share.
    package func keepWebhook(_ key: String, payload: [UInt8], dueAt: Double) {}

    package func settleWebhook(_ key: String) {}
}
