// Sockets in no room make way when descriptors run short: a new socket (someone on their way into
// a room) is never refused for want of descriptors while the server holds sockets that sit in no
// room (silent TCP connections, half-sent requests, WebSockets that joined nothing). Sockets in
// rooms are never hung up for it. Service thread only (WSI_CREATE); touches the shell's sockets.
import CLibWebSockets

extension ServerShell {
    /// Descriptors kept free below `socketCapacity`, so lws never reaches its own refusal while
    /// sockets that may make way are still open (they close on the loop's next turn).
    var descriptorReserve: Int { max(2, min(32, (socketCapacity ?? 0) / 8)) }

    /// What a socket is doing, for `MakeWay`.
    func makeWayState(of socket: Int) -> MakeWay.State {
        guard let wsi = OpaquePointer(bitPattern: socket) else { return .closing }
        guard let connection = connection(at: wsi) else {
            return socketsOpenedAt[wsi] == nil && sockets.contains(wsi) ? .closing : .notWebSocket
        }
        if connection.closing != nil { return .closing }
        if connection.room != nil { return .inRoom }
        return connection.joinPending ? .joining : .webSocketInNoRoom
    }

    /// WSI_CREATE near the descriptor limit: hangs up the longest-held sockets in no room (any
    /// address, any age; never `newcomer`) until the reserve is free again.
    func makeWayForDescriptors(capacity: Int, newcomer: OpaquePointer) {
        let limit = capacity - descriptorReserve
        guard socketsOpenedAt.count >= limit else { return }
        let time = now
        var candidates = socketsOpenedAt.compactMap { wsi, since -> MakeWay.Candidate? in
            wsi == newcomer ? nil : MakeWay.Candidate(socket: Int(bitPattern: wsi), since: since, state: makeWayState(of: Int(bitPattern: wsi)))
        }
        var hungUp = 0
        while socketsOpenedAt.count >= limit, let victim = MakeWay.victim(among: candidates, olderThan: 0, at: time),
              let wsi = OpaquePointer(bitPattern: victim) {
            candidates.removeAll { $0.socket == victim }
            socketsOpenedAt[wsi] = nil
            ledger.release(socket: victim)
            if let connection = connection(at: wsi) {
                closeAfterFlush(connection, .policyViolation, "the server is short of descriptors and this connection had joined no room")
            } else {
                // Closed now, not on the next turn: its descriptor number is free for the next
                // socket (lws refuses sockets numbered past its table, and a burst of accepts would
                // otherwise number past it before the asynchronous closes ran).
                lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC)
            }
            hungUp += 1
        }
        if hungUp > 0 {
            logger.info("hung up \(hungUp) socket(s) in no room to keep descriptors for new ones (\(sockets.count) open, room for about \(capacity))")
        }
    }
}
