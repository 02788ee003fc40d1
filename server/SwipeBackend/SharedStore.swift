// What a store shared by several nodes is: a log that orders each room's entries, keeps them and
// hands them back, a channel between the nodes, and records kept beside the logs; nothing else. It
// never sees the registry, a timer, a connection, a room's rules or a node's liveness; the driver
// (`SharedLogBackend`, in SwipeRoomDriver) builds those on it, the same way over every such store,
// and is its only caller. Service thread only, except `connect`, which runs at start on the
// starting thread, before the service thread exists.
import SwipeProtocol
import SwipeRooms

/// A store shared by the nodes of a cluster: nine requirements, and a new shared store implements
/// no more (Redis: `RedisRoomLog`; memory: `MemorySharedStore`). Its link (`connect`, `tick`,
/// `close`), each room's log (`append`, `read`, `follow`, `seal`), the nodes' channel (`publish`)
/// and the records kept beside the logs (`records`). What happens to the link is told to the
/// driver through `SharedLogEvents`, with what the log and the channel hand this node.
///
/// ```swift
/// try store.connect(eventLoop: loop, events: backend)   // at start: is it there, as the flags say? then connects
/// store.append(.timerFired(node: instance), to: code, AppendOptions(expectedOffset: 7, keepFor: 0)) { outcome in … }
/// store.records(.put(.heartbeat(instance), [1], lifetime: 3000, onlyIfAbsent: false)) { _ in }
/// ```
package protocol SharedStore: AnyObject {
    /// At start, on the starting thread (`eventLoop`: the libev loop, nil on lws's poll loop):
    /// checks the store is there and as the flags ask (the `ServerStartError` says what is wrong),
    /// then connects, and tells `events` from then on (`storeCameUp` once it can be reached).
    func connect(eventLoop: UnsafeMutableRawPointer?, events: any SharedLogEvents) throws
    /// Every service turn: the link's own deadlines (timeouts, reconnecting).
    func tick(at time: ServerTime)
    /// After the service loop ended: lets go of the link.
    func close()

    /// Appends `entry` to the room's log, as `options` say, once enough replicas have it if the
    /// store waits for them; `then` gets what the store answered. Each room's entries get
    /// consecutive offsets from 1 and a time no earlier than the one before; every node that
    /// follows the room is handed each entry (`SharedLogEvents.published`), in any order (the
    /// driver puts them back in offset order, and reads what it missed).
    func append(_ entry: ClusterEntry, to code: RoomCode, _ options: AppendOptions, then: @escaping (AppendOutcome) -> Void)
    /// The room's entries after `offset` (at most `limit`; nil: all), in offset order, up to what
    /// the store has acknowledged; an entry that cannot be read is nil; the whole answer is nil
    /// when the store did not answer.
    func read(_ code: RoomCode, after offset: Int, limit: Int?, then: @escaping ([LoggedEntry?]?) -> Void)
    /// Whether this node wants the room's entries as they are appended (`SharedLogEvents.followed`
    /// says from when) and what is published on the room's channel; false: it no longer serves the room.
    func follow(_ code: RoomCode, _ following: Bool)
    /// The room is closed: no more appends, and its records (`SharedKey.inRoom`) go.
    func seal(_ code: RoomCode)

    /// Hands `message` to every node connected to the store that listens on `channel` (each
    /// follower of a room; every node for `.nodes`), this one included
    /// (`SharedLogEvents.received`); nothing is kept.
    func publish(_ message: [UInt8], on channel: SharedChannel)
    /// Reads or writes the records kept beside the logs (`SharedRecordRequest`); `then` gets the
    /// answer (nil: the store did not answer).
    func records(_ request: SharedRecordRequest, then: @escaping (SharedRecordAnswer?) -> Void)
}

/// Where a published message goes (`SharedStore.publish`).
///
/// ```swift
/// store.publish(bytes, on: .room("K7QM-X4TD-9R"))   // the nodes that follow the room
/// store.publish(bytes, on: .nodes)                  // every node
/// ```
package enum SharedChannel: Hashable, Sendable {
    /// The nodes that follow the room.
    case room(RoomCode)
    /// Every node.
    case nodes
}

extension SharedStore {
    /// Reads or writes a record without waiting for the answer.
    ///
    /// ```swift
    /// store.records(.remove([.heartbeat(instance)]))
    /// ```
    package func records(_ request: SharedRecordRequest) { records(request) { _ in } }
}
