// Every socket lws has open for the server, whatever it is yet. Service thread only (owned by the shell).
import SwipeRooms

/// The sockets lws holds for us (WebSockets, handshakes, plain HTTP) and what is known of each
/// before it is a connection, with the descriptor budget they share.
///
/// ```swift
/// var sockets = SocketTable()
/// sockets.opened(wsi, at: now)
/// sockets.open.count   // 1
/// ```
struct SocketTable {
    /// Every socket open now.
    var open = Set<OpaquePointer>()
    /// When each open socket was created, until it is hung up to make way (ServerShell+Admission).
    var openedAt: [OpaquePointer: ServerTime] = [:]
    /// Client addresses of WebSocket upgrades, from FILTER_PROTOCOL_CONNECTION until ESTABLISHED.
    var upgradeAddresses: [OpaquePointer: String] = [:]
    /// The key tag a trusted gateway sent with an upgrade, kept like its address (`X-SwipeDeck-Key`).
    var upgradeKeyTags: [OpaquePointer: String] = [:]
    /// Plain HTTP answers whose bodies wait for the socket to be writeable.
    var httpBodies: [OpaquePointer: PendingHTTPBody] = [:]
    /// Descriptor numbers lws can track (it refuses sockets numbered past it); 0: unknown.
    var descriptorBudget = 0
    /// Sockets lws can hold before it refuses new ones: the budget less the process's other
    /// descriptors, counted at the first socket (nil until then).
    var capacity: Int?
    var lastDescriptorWarning: ServerTime?

    mutating func opened(_ wsi: OpaquePointer, at time: ServerTime) {
        open.insert(wsi)
        openedAt[wsi] = time
    }

    /// The socket is gone, whatever it was.
    mutating func destroyed(_ wsi: OpaquePointer) {
        open.remove(wsi)
        openedAt[wsi] = nil
        upgradeAddresses[wsi] = nil
        upgradeKeyTags[wsi] = nil
        httpBodies[wsi] = nil
    }
}

/// An answer waiting for HTTP_WRITEABLE: the body (none for HEAD) and whether to close after it.
struct PendingHTTPBody {
    var body: [UInt8]
    var closes: Bool
}
