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
    /// A node instance's heartbeat (expires unless refreshed).
    public static func node(_ instance: String) -> String { "swipedeck:node:\(instance)" }
    /// A client address's failed room-code lookups, shared by every node (`LimitScripts.failedLookup`).
    public static func failures(_ address: String) -> String { "swipedeck:address:{\(address)}:failures" }
    /// The rooms a client address created, shared by every node (`LimitScripts.admitRoom`).
    public static func rooms(_ address: String) -> String { "swipedeck:address:{\(address)}:rooms" }
    /// A picture's bytes by their tag (content-addressed: written once, `SET NX`, by any node that has it).
    ///
    /// ```swift
    /// ClusterKeys.picture("p-0123")   // "swipedeck:picture:p-0123"
    /// ```
    public static func picture(_ etag: String) -> String { "swipedeck:picture:\(etag)" }
    /// The channel on which a node says an address is past its failed lookups.
    public static let limits = "swipedeck:limits"
    /// Rooms with a closing time, scored by it (ms since 1970): what any node closes when it is due.
    public static let closing = "swipedeck:closing"
    /// Webhook events a node is sending, scored by when another may take them over (s since 1970).
    public static let webhooks = "swipedeck:webhooks"
    /// Those events' payloads by key.
    public static let webhookPayloads = "swipedeck:webhooks:payloads"
    /// A thing done once over every node (a room's webhook event), set by the node that does it.
    public static func once(_ key: String) -> String { "swipedeck:once:\(key)" }
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
