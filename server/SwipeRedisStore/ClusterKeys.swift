import SwipeBackend
import SwipeProtocol

/// The names a cluster uses in Redis. Every key of a room carries the hash tag `{CODE}`, so on a
/// sharded Redis (Cluster) all of one room's keys live on one shard and the append script may
/// touch them together.
///
/// ```swift
/// ClusterKeys.log("K7QM-X4TD-9R")       // "swipedeck:room:{K7QM-X4TD-9R}:log"
/// ClusterKeys.channel("K7QM-X4TD-9R")   // "swipedeck:room:{K7QM-X4TD-9R}"
/// ```
public enum ClusterKeys {
    /// The room's stream: its authoritative, ordered event log (IDs `OFFSET-0`).
    public static func log(_ code: RoomCode) -> String { "swipedeck:room:{\(code.rawValue)}:log" }
    /// The room's hash: `offset` (last appended), `at` (its time), `closed`.
    public static func meta(_ code: RoomCode) -> String { "swipedeck:room:{\(code.rawValue)}:meta" }
    /// The room's hash of idempotency keys (`m2:17` for member m2's seq 17) to the offset that applied them.
    public static func seen(_ code: RoomCode) -> String { "swipedeck:room:{\(code.rawValue)}:seen" }
    /// The room's pub/sub channel: "there is more" (with the entry), and relayed drags.
    public static func channel(_ code: RoomCode) -> String { "swipedeck:room:{\(code.rawValue)}" }
    /// A room's records (`SharedKey.inRoom`: the pictures its host uploaded): a hash of id to
    /// bytes. It carries the room's hash tag, lives as long as the room's other keys (the append
    /// script refreshes its lifetime with theirs) and is deleted when the room is sealed.
    ///
    /// ```swift
    /// ClusterKeys.records("K7QM-X4TD-9R")   // "swipedeck:room:{K7QM-X4TD-9R}:records"
    /// ```
    public static func records(_ code: RoomCode) -> String { "swipedeck:room:{\(code.rawValue)}:records" }
    /// A record of every node (`SharedKey.shared`): its space, and its id as the hash tag, so on a
    /// sharded Redis one id's records live on one shard.
    ///
    /// ```swift
    /// ClusterKeys.record(space: "failures", id: "10.0.0.7")   // "swipedeck:failures:{10.0.0.7}"
    /// ```
    public static func record(space: String, id: String) -> String { "swipedeck:\(space):{\(id)}" }
    /// A schedule (a sorted set of members by time, ms since 1970).
    ///
    /// ```swift
    /// ClusterKeys.schedule("closing")   // "swipedeck:closing"
    /// ```
    public static func schedule(_ name: String) -> String { "swipedeck:\(name)" }
    /// The channel every node listens on (`SharedChannel.nodes`).
    public static let nodes = "swipedeck:nodes"
    /// The start of a room's keys, up to its code (`LimitScripts.admitRoom` reads their meta).
    public static let roomPrefix = "swipedeck:room:{"

    /// The room a channel belongs to (nil for other channels).
    ///
    /// ```swift
    /// ClusterKeys.room(ofChannel: "swipedeck:room:{K7QM-X4TD-9R}")   // "K7QM-X4TD-9R"
    /// ```
    public static func room(ofChannel channel: String) -> RoomCode? {
        let prefix = "swipedeck:room:{"
        guard channel.hasPrefix(prefix), channel.hasSuffix("}") else { return nil }
        return RoomCode(String(channel.dropFirst(prefix.count).dropLast()))
    }
}
