// What the server sends, from a room's message to bytes on a connection's queue: encoded once per
// protocol version that gets it, split for older versions (`ServerMessage.asSent(toProtocol:)`),
// drag states in the drag lane; the per-connection send queues and the server-wide bound on their
// bytes (dropping a stalled reader, closing after a flush). Service thread only; touches the
// shell's connections and their queues.
import SwipeRoomDriver
import CLibWebSockets
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension ServerShell {
    /// Encodes once per protocol version that gets it and queues for each of `members` (a room's
    /// members online here, from the driver; but `skipped`). A message older versions get split
    /// (`asSent(toProtocol:)`) is split once.
    func send(_ message: ServerMessage, toEach members: [MemberID: RoomSession], except skipped: MemberID?, toProtocol1Only: Bool) {
        let (key, replaceable) = coalescingKey(message)
        var bytes: [UInt8]?
        var olderVersions: [Int: [(bytes: [UInt8], message: ServerMessage)]] = [:]
        // The values only (each session's `member` is its key), so no member's name is copied per delivery.
        for session in members.values {
            if let skipped, session.member == skipped { continue }
            // Every session the driver holds here is one of this shell's connections.
            let connection = unsafeDowncast(session, to: Connection.self)
            let version = connection.protocolVersion
            guard !toProtocol1Only || version == 1 else { continue }
            if message.differs(forProtocol: version) {
                if olderVersions[version] == nil {
                    olderVersions[version] = message.asSent(toProtocol: version).compactMap { part in encode(part).map { ($0, part) } }
                }
                for (sent, part) in olderVersions[version] ?? [] {
                    let (partKey, partReplaceable) = coalescingKey(part)
                    enqueue(sent, key: partKey, replaceable: partReplaceable, to: connection)
                }
                continue
            }
            if bytes == nil { bytes = encode(message) }
            guard let bytes else { return }
            enqueue(bytes, key: key, replaceable: replaceable, to: connection)
        }
    }

    func encode(_ message: ServerMessage) -> [UInt8]? {
        do {
            return try WireCodec.encode(message)
        } catch {
            logger.error("cannot encode \(message.type): \(error)")
            return nil
        }
    }

    /// Drag states go in the queue's drag lane under their member and card; only `changed` may be replaced.
    func coalescingKey(_ message: ServerMessage) -> (key: OutboundQueue.Key?, replaceable: Bool) {
        guard message.isCoalescable, case let .cardState(state) = message else { return (nil, false) }
        let replaceable: Bool
        switch state.phase {
        case .changed: replaceable = true
        case .began, .ended, .cancelled: replaceable = false
        }
        return (OutboundQueue.Key(member: state.member, card: state.card), replaceable)
    }

    func enqueue(_ message: ServerMessage, to connection: Connection) {
        if case let .error(error) = message { counters.refused(error.code.rawValue) }
        guard let bytes = encode(message) else { return }
        let (key, replaceable) = coalescingKey(message)
        enqueue(bytes, key: key, replaceable: replaceable, to: connection)
    }

    // MARK: send queues

    /// Queues encoded bytes; `key` marks a drag state (only a `replaceable` one, a `changed`, may replace a queued one).
    func enqueue(_ bytes: [UInt8], key: OutboundQueue.Key?, replaceable: Bool = false, to connection: Connection) {
        if connection.overflowed { return }
        makeRoom(for: bytes.count)
        if connection.overflowed { return }
        let before = connection.outbound.byteCount
        switch connection.outbound.push(bytes, coalescing: key, replaceable: replaceable) {
        case .queued, .coalesced:
            connections.queuedBytes += connection.outbound.byteCount - before
            connection.peakQueuedBytes = max(connection.peakQueuedBytes, connection.outbound.byteCount)
            lws_callback_on_writable(connection.wsi)
        case .overflow:
            overflow(connection, "send queue full (\(connection.outbound.count) frames, \(connection.outbound.byteCount) bytes)")
        }
    }

    /// Keeps the whole server's queued bytes under `totalQueuedBytes`: while `incoming` more would
    /// not fit, the connection holding the most is dropped as a slow reader.
    private func makeRoom(for incoming: Int) {
        let limit = configuration.transportLimits.totalQueuedBytes
        while connections.queuedBytes + incoming > limit {
            guard let heaviest = connections.values.max(by: { $0.outbound.byteCount < $1.outbound.byteCount }),
                  heaviest.outbound.byteCount > 0 else { return }
            overflow(heaviest, "the server's send queues hold \(connections.queuedBytes) bytes (--max-queued-bytes); this one the most")
        }
    }

    /// A stalled reader: drop what is queued (it would never drain), send only the close, and hang
    /// up if even that cannot be written within the grace period. Nobody else waits.
    func overflow(_ connection: Connection, _ why: String) {
        logger.warning("\(connection.id): \(why); closing the slow client 1008")
        counters.refused("slowReader")
        connection.overflowed = true
        dropQueue(of: connection)
        connection.closing = (.policyViolation, "send queue overflow: the client reads too slowly")
        lws_set_timeout(connection.wsi, PENDING_TIMEOUT_USER_OK, Self.overflowGraceSeconds)
        lws_callback_on_writable(connection.wsi)
    }

    /// Empties a connection's queue and takes its bytes off the server's total.
    func dropQueue(of connection: Connection) {
        connections.queuedBytes -= connection.outbound.byteCount
        connection.outbound.removeAll()
    }

    /// Seconds a reader closed for overflow has to take its close frame before the socket is dropped.
    static let overflowGraceSeconds: Int32 = 20

    /// Sends what is queued, then closes with `code`.
    func closeAfterFlush(_ connection: Connection, _ code: CloseCode, _ reason: String) {
        if connection.closing == nil { connection.closing = (code, reason) }
        lws_callback_on_writable(connection.wsi)
    }
}
