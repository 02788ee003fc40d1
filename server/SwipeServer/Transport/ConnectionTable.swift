// The WebSocket connections of the server, found by socket, by number, and by room and member.
// Service thread only (owned by the shell).
import SwipeProtocol
import SwipeRooms

/// Every open connection, two ways: by its lws socket (callbacks) and by its number (the driver's
/// answers, a cluster entry; by room and member is the driver's `membersOnline`); with the bytes
/// queued for all of them together, and the pictures they hold before creating a room.
///
/// ```swift
/// var connections = ConnectionTable()
/// connections[wsi] = connection
/// connections.byID[ConnectionID(7)]   // connection number 7, while it is open
/// ```
struct ConnectionTable {
    private(set) var bySocket: [OpaquePointer: Connection] = [:]
    var byID: [ConnectionID: Connection] = [:]
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
