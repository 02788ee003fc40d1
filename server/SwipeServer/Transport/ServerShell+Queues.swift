// Per-connection send queues and the server-wide bound on their bytes: queueing, dropping a stalled
// reader, closing after a flush. Service thread only; touches the shell's connections.
import CLibWebSockets
import SwipeRooms

extension ServerShell {
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
