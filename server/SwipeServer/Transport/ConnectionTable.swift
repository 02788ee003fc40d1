// The WebSocket connections of the server, found by socket, by number, and by room and member.
// Service thread only (owned by the shell).
import SwipeProtocol
import SwipeRooms

/// Every open connection, three ways: by its lws socket (callbacks), by its number (a backend's
/// answer, a cluster entry), and by room and member (a broadcast looks up no connection by id:
/// that was a quarter of the server's hashing); with the bytes queued for all of them together,
/// and the pictures they hold before creating a room.
///
/// ```swift
/// var connections = ConnectionTable()
/// connections[wsi] = connection
/// connections.membersOnline[code]?[member]   // the member's connection here
/// ```
struct ConnectionTable {
    private(set) var bySocket: [OpaquePointer: Connection] = [:]
    var byID: [ConnectionID: Connection] = [:]
    /// Each room's members connected here, with their connection itself.
    var membersOnline: [RoomCode: [MemberID: Connection]] = [:]
    /// Payload bytes queued for all connections together.
    var queuedBytes = 0
    /// Bytes of pictures uploaded before a `create`, held for all connections together and per address.
    var uploadBudget = UploadBudget()
    /// The number the next connection gets.
    var nextNumber = 1

    subscript(wsi: OpaquePointer) -> Connection? {
        get { bySocket[wsi] }
        set { bySocket[wsi] = newValue }
    }

    /// Takes the connection on `wsi` out of the table by socket (nil: none was there).
    mutating func removeValue(forKey wsi: OpaquePointer) -> Connection? { bySocket.removeValue(forKey: wsi) }

    var count: Int { bySocket.count }
    var isEmpty: Bool { bySocket.isEmpty }
    var values: Dictionary<OpaquePointer, Connection>.Values { bySocket.values }
}
