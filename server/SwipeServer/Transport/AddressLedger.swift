import SwipeProtocol

/// Per-client-address bookkeeping for the caps in `TransportLimits`: which sockets each address
/// holds (`maxConnectionsPerAddress`) and which open rooms it created (`maxRoomsPerAddress`).
/// A value; the shell feeds it socket and room events. A socket is any number unique while it is
/// open (the shell uses the lws handle's bit pattern).
///
/// ```swift
/// var ledger = AddressLedger()
/// ledger.admit(socket: 1, address: "10.0.0.7", cap: 2)   // true
/// ledger.admit(socket: 2, address: "10.0.0.7", cap: 2)   // true
/// ledger.admit(socket: 3, address: "10.0.0.7", cap: 2)   // false: refuse it
/// ledger.release(socket: 1)
/// ```
public struct AddressLedger: Hashable, Sendable {
    private var addressOfSocket: [Int: String] = [:]
    private var socketsPerAddress: [String: Int] = [:]
    private var creatorOfRoom: [RoomCode: String] = [:]

    public init() {}

    /// Counts `socket` against `address` unless that address already holds `cap` sockets (0: no cap).
    /// A socket already admitted (another request on a keep-alive connection) is admitted again.
    ///
    /// ```swift
    /// guard ledger.admit(socket: key, address: client, cap: limits.maxConnectionsPerAddress) else { /* 429 */ }
    /// ```
    public mutating func admit(socket: Int, address: String, cap: Int) -> Bool {
        if addressOfSocket[socket] != nil { return true }
        let held = socketsPerAddress[address] ?? 0
        if cap > 0 && held >= cap { return false }
        addressOfSocket[socket] = address
        socketsPerAddress[address] = held + 1
        return true
    }

    /// Forgets a closed socket.
    ///
    /// ```swift
    /// ledger.release(socket: key)
    /// ```
    public mutating func release(socket: Int) {
        guard let address = addressOfSocket.removeValue(forKey: socket) else { return }
        let held = (socketsPerAddress[address] ?? 1) - 1
        socketsPerAddress[address] = held > 0 ? held : nil
    }

    /// Sockets `address` holds now.
    ///
    /// ```swift
    /// ledger.sockets(of: "10.0.0.7")   // 2
    /// ```
    public func sockets(of address: String) -> Int { socketsPerAddress[address] ?? 0 }

    /// Notes that `address` created `room`.
    ///
    /// ```swift
    /// ledger.created(room: code, by: "10.0.0.7")
    /// ```
    public mutating func created(room: RoomCode, by address: String) { creatorOfRoom[room] = address }

    /// Forgets a room that is gone (closed or evicted).
    ///
    /// ```swift
    /// ledger.removed(room: code)
    /// ```
    public mutating func removed(room: RoomCode) { creatorOfRoom[room] = nil }

    /// Open rooms `address` created.
    ///
    /// ```swift
    /// if ledger.rooms(createdBy: client) >= limits.maxRoomsPerAddress { /* tooManyRooms */ }
    /// ```
    public func rooms(createdBy address: String) -> Int { creatorOfRoom.values.reduce(0) { $0 + ($1 == address ? 1 : 0) } }
}
