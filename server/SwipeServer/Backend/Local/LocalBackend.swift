// Rooms on this machine: inputs go straight to the registry, records to the SQLite log (if any)
// inside the shell's `apply` (`ServerShell+Store.swift`). Service thread only; touches the shell.
import SwipeProtocol

/// The local backend: the registry applies each input at once; abandoned rooms are evicted here.
///
/// ```swift
/// let backend = LocalBackend(shell: shell)
/// ```
final class LocalBackend: RoomBackend {
    unowned let shell: ServerShell

    init(shell: ServerShell) { self.shell = shell }

    func dispatch(_ message: ClientMessage, from connection: Connection, at time: ServerTime) {
        shell.dispatchLocally(message, from: connection, at: time)
    }

    func memberDisconnected(_ member: MemberID, of connection: Connection, in code: RoomCode, grace: ServerTime, at time: ServerTime) {
        shell.apply(shell.registry.handle(.memberDisconnected(member, grace: grace), in: code, at: time), in: code)
    }

    func timerDue(_ code: RoomCode, at time: ServerTime) {
        shell.apply(shell.registry.handle(.timerFired, in: code, at: time), in: code)
    }

    func serviceTurn(at time: ServerTime) {
        guard let check = shell.timers.evictionCheck, time >= check else { return }
        shell.timers.evictionCheck = time + shell.evictionInterval
        let unjoined = shell.configuration.unjoinedRoomTimeoutSeconds * 1000
        for code in shell.registry.evictAbandoned(idle: ServerShell.abandonedAfter, unjoinedIdle: unjoined, at: time) {
            shell.evicted(code, why: "nobody connected")
        }
    }

    func makeWayForCreate(by connection: Connection) -> Bool {
        guard let left = shell.registry.leftUnjoined(among: shell.ledger.codes(createdBy: connection.address)).first else { return false }
        shell.registry.remove(left)
        shell.evicted(left, why: "its address \(connection.address) reached --max-rooms-per-address and it was left unjoined")
        return true
    }

    func failedLookupRecorded(from address: String, at time: ServerTime) {}

    func roomClosed(_ code: RoomCode) { shell.forgetStored(code) }

    func shuttingDown() {}

    func describe(_ status: inout ServerStatus) {}

    var linkUp: Bool? { nil }

    func waitForRoom(_ code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool { false }

    func httpAnswerReady(_ wsi: OpaquePointer) -> String? { nil }

    func httpClosed(_ wsi: OpaquePointer) {}
}
