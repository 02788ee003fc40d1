import Foundation
import SwipeCore
import SwipeProtocol
import SwipeRooms

/// One entry of a room's stream in the shared store: an input to the room engine, written by the
/// node that received it. Every node that serves the room applies the same entries in the same
/// order (with the time stamped in the stream), so every node computes the same room.
///
/// ```swift
/// let entry = ClusterEntry.message(node: "n1#4f2a", member: "m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 3)))
/// let bytes = try entry.encoded()
/// try ClusterEntry(decoding: bytes) == entry   // true
/// ```
public struct ClusterEntry: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The room was created by `connection` on `node`; `room` holds everything it is made from.
        case created
        /// `connection` on `node` sent `join` (a join, or a resume with a token); `token` is the fresh token.
        case connected
        /// `member` sent a message that changes the room (swipe, undo, host command).
        case message
        /// `member`'s `connection` on `node` closed (ignored when the member has moved on to another);
        /// `grace` when it dropped without a goodbye.
        case disconnected
        /// The room's timer ran out on `node` (appended only if nothing else was appended meanwhile).
        case timerFired
        /// `lostNode` stopped answering: its members are offline, and count as voters for `grace` ms.
        case nodeLost
    }

    public var kind: Kind
    /// The node instance that wrote the entry (`ClusterIdentity.instance`).
    public var node: String
    public var connection: Int?
    public var member: MemberID?
    public var join: JoinRoom?
    public var token: String?
    public var message: ClientMessage?
    public var room: CreatedRoom?
    public var lostNode: String?
    public var grace: Double?

    public init(kind: Kind, node: String) {
        self.kind = kind
        self.node = node
    }

    /// A room created by `connection` on `node`.
    ///
    /// ```swift
    /// ClusterEntry.created(node: "n1#4f2a", connection: 3, room: created, token: "t")
    /// ```
    public static func created(node: String, connection: Int, room: CreatedRoom, token: String) -> ClusterEntry {
        var entry = ClusterEntry(kind: .created, node: node)
        entry.connection = connection
        entry.room = room
        entry.token = token
        return entry
    }

    /// A join or resume from `connection` on `node`.
    ///
    /// ```swift
    /// ClusterEntry.connected(node: "n2#91c0", connection: 8, join: JoinRoom(room: "K7QM-X4TD-9R", name: "Bo"), token: "t")
    /// ```
    public static func connected(node: String, connection: Int, join: JoinRoom, token: String) -> ClusterEntry {
        var entry = ClusterEntry(kind: .connected, node: node)
        entry.connection = connection
        entry.join = join
        entry.token = token
        return entry
    }

    /// A room-changing message from `member`.
    ///
    /// ```swift
    /// ClusterEntry.message(node: "n1#4f2a", member: "m1", .host(HostCommand(action: .start)))
    /// ```
    public static func message(node: String, member: MemberID, _ message: ClientMessage) -> ClusterEntry {
        var entry = ClusterEntry(kind: .message, node: node)
        entry.member = member
        entry.message = message
        return entry
    }

    /// `member`'s connection closed; a lockstep voter still counts for `grace` ms (0: they left on purpose).
    ///
    /// ```swift
    /// ClusterEntry.disconnected(node: "n1#4f2a", connection: 3, member: "m1", grace: 15_000)
    /// ```
    public static func disconnected(node: String, connection: Int, member: MemberID, grace: Double = 0) -> ClusterEntry {
        var entry = ClusterEntry(kind: .disconnected, node: node)
        entry.connection = connection
        entry.member = member
        if grace > 0 { entry.grace = grace }
        return entry
    }

    /// The room's timer ran out on `node`.
    ///
    /// ```swift
    /// ClusterEntry.timerFired(node: "n3#07aa")
    /// ```
    public static func timerFired(node: String) -> ClusterEntry { ClusterEntry(kind: .timerFired, node: node) }

    /// `lost` stopped answering; its members count as voters for `grace` ms more.
    ///
    /// ```swift
    /// ClusterEntry.nodeLost(node: "n1#4f2a", lost: "n2#91c0", grace: 60_000)
    /// ```
    public static func nodeLost(node: String, lost: String, grace: Double) -> ClusterEntry {
        var entry = ClusterEntry(kind: .nodeLost, node: node)
        entry.lostNode = lost
        entry.grace = grace
        return entry
    }

    /// The entry as stored in the stream (JSON, keys sorted).
    ///
    /// ```swift
    /// let bytes = try ClusterEntry.timerFired(node: "n1#4f2a").encoded()
    /// ```
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }

    /// Decodes a stored entry; the error says what was wrong with it.
    ///
    /// ```swift
    /// let entry = try ClusterEntry(decoding: bytes)
    /// ```
    public init(decoding bytes: [UInt8]) throws {
        self = try JSONDecoder().decode(ClusterEntry.self, from: Data(bytes))
    }
}
