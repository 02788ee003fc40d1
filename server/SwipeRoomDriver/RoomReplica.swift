import SwipeBackend
import SwipeCore
import SwipeProtocol
import SwipeRooms

/// Where a member's current connection is, as the stream says: the node instance and its
/// connection number there.
///
/// ```swift
/// ClusterBinding(node: "n2#91c0", connection: 8)
/// ```
public struct ClusterBinding: Hashable, Sendable {
    public var node: String
    public var connection: Int

    public init(node: String, connection: Int) {
        self.node = node
        self.connection = connection
    }
}

/// A node's copy of one room's stream position: the last offset applied, where each member is
/// connected, and entries that arrived ahead of a gap. The room itself is in the `RoomRegistry`.
/// Pure: every node that applies the same entries computes the same bindings.
///
/// ```swift
/// var replica = RoomReplica(code: "K7QM-X4TD-9R")
/// let effects = registry.apply(entry, offset: 1, at: 5120, to: &replica, local: "n1#4f2a")
/// replica.applied   // 1
/// ```
public struct RoomReplica: Sendable {
    public let code: RoomCode
    /// The last stream offset applied (0: none).
    public internal(set) var applied = 0
    /// Each online member's connection.
    public internal(set) var bindings: [MemberID: ClusterBinding] = [:]
    /// Entries that arrived after a gap, by offset, until the gap is filled.
    var waiting: [Int: (at: ServerTime, entry: ClusterEntry)] = [:]

    public init(code: RoomCode) { self.code = code }

    /// Node instances other than `local` that have members of this room connected.
    ///
    /// ```swift
    /// replica.remoteNodes(local: "n1#4f2a")   // ["n2#91c0"]
    /// ```
    public func remoteNodes(local: String) -> Set<String> {
        Set(bindings.values.map(\.node).filter { $0 != local })
    }
}

/// A connection that is on another node: effects addressed to it are not this node's to carry out.
extension ConnectionID {
    /// ```swift
    /// ConnectionID.elsewhere.rawValue   // -1
    /// ```
    public static let elsewhere = ConnectionID(-1)
}

extension RoomRegistry {
    /// Applies the stream entry at `offset` (the next one: `replica.applied + 1`) at the time the
    /// stream stamped it. Returns the room's effects as this node (`local`) must carry them out:
    /// connections of other nodes are `ConnectionID.elsewhere`.
    ///
    /// ```swift
    /// let effects = registry.apply(.timerFired(node: "n2#91c0"), offset: 7, at: 30_120, to: &replica, local: "n1#4f2a")
    /// ```
    public mutating func apply(_ entry: ClusterEntry, offset: Int, at now: ServerTime, to replica: inout RoomReplica,
                               local: String) -> [RoomEffect] {
        replica.applied = max(replica.applied, offset)
        let code = replica.code
        let connection = entry.connection.map { entry.node == local ? ConnectionID($0) : .elsewhere } ?? .elsewhere
        var effects: [RoomEffect]
        switch entry.kind {
        case .created:
            guard rooms[code] == nil, let created = entry.room, created.code == code, let token = entry.token else { return [] }
            effects = install(created, host: connection, token: token, at: now).effects
        case .connected:
            guard let join = entry.join, let token = entry.token else { return [] }
            effects = handle(.memberConnected(connection, join, token: token), in: code, at: now)
        case .message:
            guard let member = entry.member, let message = entry.message else { return [] }
            effects = handle(.messageReceived(member, message), in: code, at: now)
        case .disconnected:
            guard let member = entry.member, let number = entry.connection,
                  replica.bindings[member] == ClusterBinding(node: entry.node, connection: number) else { return [] }
            replica.bindings[member] = nil
            effects = handle(.memberDisconnected(member, grace: entry.grace ?? 0), in: code, at: now)
        case .timerFired:
            effects = handle(.timerFired, in: code, at: now)
        case .nodeLost:
            guard let lost = entry.lostNode, let index = rooms.index(forKey: code) else { return [] }
            let members = replica.bindings.filter { $0.value.node == lost }.map(\.key).sorted()
            for member in members { replica.bindings[member] = nil }
            effects = rooms.values[index].membersLost(members, grace: entry.grace ?? 0, at: now)
        }
        for effect in effects {
            switch effect {
            case let .bind(_, member):
                if let number = entry.connection { replica.bindings[member] = ClusterBinding(node: entry.node, connection: number) }
            case let .close(member, _, _):
                replica.bindings[member] = nil
            case .reply, .send, .broadcast, .broadcastToProtocol1, .scheduleTimer, .cancelTimer, .append:
                break
            }
        }
        return effects
    }
}
