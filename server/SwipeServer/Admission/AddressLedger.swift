import SwipeProtocol

/// Per-client-address bookkeeping for the caps in `TransportLimits`: which sockets each address
/// holds (`maxConnectionsPerAddress`) and which open rooms it created (`maxRoomsPerAddress`).
/// A value; the shell feeds it socket and room events. A socket is any number unique while it is
/// open (the shell uses the lws handle's bit pattern).
///
/// ```swift
/// var ledger = AddressLedger()
/// ledger.admit(socket: 1, address: "10.0.0.7", cap: 2, at: 0)   // true
/// ledger.admit(socket: 2, address: "10.0.0.7", cap: 2, at: 5)   // true
/// ledger.admit(socket: 3, address: "10.0.0.7", cap: 2, at: 9)   // false: refuse it, or free a socket first
/// ledger.sockets(heldBy: "10.0.0.7").first?.socket              // 1, held longest
/// ledger.release(socket: 1)
/// ```
public struct AddressLedger: Hashable, Sendable {
    private var addressOfSocket: [Int: String] = [:]
    /// Each address's sockets with when they were admitted (ms), longest-held first.
    private var socketsOfAddress: [String: [HeldSocket]] = [:]

    /// A socket an address holds and when it was admitted (ms).
    public struct HeldSocket: Hashable, Sendable {
        public var socket: Int
        public var since: Double
    }
    private var creatorOfRoom: [RoomCode: String] = [:]

    public init() {}

    /// Counts `socket` against `address` unless that address already holds `cap` sockets (0: no cap).
    /// A socket already admitted (another request on a keep-alive connection) is admitted again.
    ///
    /// ```swift
    /// guard ledger.admit(socket: key, address: client, cap: limits.maxConnectionsPerAddress, at: now) else { /* 429 */ }
    /// ```
    public mutating func admit(socket: Int, address: String, cap: Int, at now: Double) -> Bool {
        if addressOfSocket[socket] != nil { return true }
        if cap > 0 && sockets(of: address) >= cap { return false }
        addressOfSocket[socket] = address
        socketsOfAddress[address, default: []].append(HeldSocket(socket: socket, since: now))
        return true
    }

    /// The sockets `address` holds, the longest-held first, with when each was admitted (ms).
    ///
    /// ```swift
    /// for held in ledger.sockets(heldBy: client) where now - held.since >= 10_000 { /* … */ }
    /// ```
    public func sockets(heldBy address: String) -> [HeldSocket] { socketsOfAddress[address] ?? [] }

    /// Forgets a closed socket.
    ///
    /// ```swift
    /// ledger.release(socket: key)
    /// ```
    public mutating func release(socket: Int) {
        guard let address = addressOfSocket.removeValue(forKey: socket) else { return }
        socketsOfAddress[address]?.removeAll { $0.socket == socket }
        if socketsOfAddress[address]?.isEmpty == true { socketsOfAddress[address] = nil }
    }

    /// Sockets `address` holds now.
    ///
    /// ```swift
    /// ledger.sockets(of: "10.0.0.7")   // 2
    /// ```
    public func sockets(of address: String) -> Int { socketsOfAddress[address]?.count ?? 0 }

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
    public func rooms(createdBy address: String) -> Int { codes(createdBy: address).count }

    /// The codes of the open rooms `address` created.
    ///
    /// ```swift
    /// ledger.codes(createdBy: "10.0.0.7")   // ["K7QM-X4TD-9R"]
    /// ```
    public func codes(createdBy address: String) -> [RoomCode] { creatorOfRoom.filter { $0.value == address }.map(\.key) }
}
