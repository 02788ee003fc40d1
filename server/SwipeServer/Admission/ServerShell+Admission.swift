// Who is connecting and whether they may: every open socket (for /healthz and the descriptor
// budget), client addresses (the peer, or behind --trust-proxy the forwarded client) and the
// per-address connection cap, and the limits a create or join meets first (failed lookups, the
// per-address room cap, results requests), and sockets in no room making way when descriptors run
// short (a new socket is never refused for want of descriptors while sockets that sit in no room
// are open; sockets in rooms are never hung up for it). Service thread only: called from lws
// callbacks (WSI_CREATE, WSI_DESTROY, FILTER_HTTP_CONNECTION, FILTER_PROTOCOL_CONNECTION, HTTP);
// touches only the shell.
import SwipeRoomDriver
import CLibWebSockets
import Foundation
import SwipeProtocol
import SwipeRooms

extension ServerShell {
    /// FILTER_NETWORK_CONNECTION, before lws adopts a socket it accepted: false (lws closes it at
    /// once) when its number is past lws's table (`descriptorBudget`). lws counts only its own
    /// sockets against that table, but numbers follow every descriptor the process holds; lws 4.1.6
    /// then fails to insert the socket ("fd N too high") and leaves the half-adopted connection
    /// behind, which corrupted the heap when the context was destroyed (a crash at shutdown).
    func acceptsSocket(numbered socket: Int32) -> Bool {
        guard sockets.descriptorBudget > 0, Int(socket) >= sockets.descriptorBudget else { return true }
        warnOutOfDescriptors()
        return false
    }

    /// WSI_CREATE: a socket lws accepted (TCP connected; no request read yet).
    func socketCreated(_ wsi: OpaquePointer) {
        sockets.opened(wsi, at: now)
        if sockets.capacity == nil, sockets.descriptorBudget > 0, let open = DescriptorLimit.openCount() {
            sockets.capacity = max(1, sockets.descriptorBudget - (open - sockets.open.count))
        }
        guard let capacity = sockets.capacity else { return }
        makeWayForDescriptors(capacity: capacity, newcomer: wsi)
        guard sockets.open.count >= capacity - 1 else { return }
        warnOutOfDescriptors()
    }

    /// Says that connections are being refused for want of descriptors, at most once a minute.
    func warnOutOfDescriptors() {
        let time = now
        if let last = sockets.lastDescriptorWarning, time - last < Self.descriptorWarningInterval { return }
        sockets.lastDescriptorWarning = time
        let room = sockets.capacity.map { "room for about \($0)" } ?? "lws can number up to \(sockets.descriptorBudget)"
        let message = "out of descriptors: \(sockets.open.count) sockets open (\(room) under the open-file limit); "
            + "refusing new connections until some close (said at most once a minute)"
        logger.warning("\(message)")
    }

    /// WSI_DESTROY: the socket is gone, whatever it was.
    func socketDestroyed(_ wsi: OpaquePointer) {
        sockets.destroyed(wsi)
        let socket = lws_get_socket_fd(wsi)
        if socket >= 0 { ReceiveGuard.forget(socket: socket) }
        ledger.release(socket: Int(bitPattern: wsi))
    }

    /// Sockets open that are not (yet) WebSockets: handshakes in progress and plain HTTP.
    var pendingSockets: Int { max(0, sockets.open.count - connections.count) }

    /// FILTER_HTTP_CONNECTION / FILTER_PROTOCOL_CONNECTION: counts the socket against its client's
    /// address; false (refuse with 429) when that address already holds its share. The share is of
    /// sockets in no room: sockets in rooms do not count (a room holds at most `--max-members`, an
    /// address creates at most `--max-rooms-per-address`), so a stranger's rooms never take the
    /// group's place. At the cap, the address's longest-held socket in no room makes way
    /// (`MakeWay`): at once for a WebSocket upgrade (the way into a room), after
    /// `lingeringSocketAge` for plain HTTP. A stranger behind the same NAT who opens sockets and
    /// sits on them must not keep the others out.
    func admit(_ wsi: OpaquePointer, address: String, upgrade: Bool = false) -> Bool {
        let held = ledger.sockets(heldBy: address)
        let inRooms = held.count { [MakeWay.State.inRoom, .joining].contains(makeWayState(of: $0.socket)) }
        let cap = configuration.transportLimits.maxConnectionsPerAddress
        let share = cap == 0 ? 0 : cap + inRooms
        let time = now
        if ledger.admit(socket: Int(bitPattern: wsi), address: address, cap: share, at: time) { return true }
        if let lingering = lingeringSocket(of: address, at: time, olderThan: upgrade ? 0 : lingeringSocketAge) {
            ledger.release(socket: Int(bitPattern: lingering))
            hangUp(lingering, address: address)
            if ledger.admit(socket: Int(bitPattern: wsi), address: address, cap: share, at: time) { return true }
        }
        logger.notice("refused a connection from \(address): it holds \(cap) already, all in rooms or new (--max-connections-per-address)")
        return false
    }

    /// How long a socket may sit in no room before, at its address's cap, it makes way (ms): twice
    /// the slowed-join interval (10 s by default), so a slowed join is never the one hung up.
    var lingeringSocketAge: ServerTime { 2 * joinGuard.pace }

    /// The `Retry-After` of a refusal at the per-address cap (s): by then a socket of the address
    /// that joined no room may be hung up to make way.
    var connectionCapRetryAfter: Int { max(1, Int((lingeringSocketAge / 1000).rounded(.up))) }

    /// `address`'s socket that makes way (`MakeWay`): in no room, on no way into one, opened `age` ago or more.
    private func lingeringSocket(of address: String, at time: ServerTime, olderThan age: ServerTime) -> OpaquePointer? {
        let candidates = ledger.sockets(heldBy: address).map {
            MakeWay.Candidate(socket: $0.socket, since: $0.since, state: makeWayState(of: $0.socket))
        }
        return MakeWay.victim(among: candidates, olderThan: age, at: time).flatMap { OpaquePointer(bitPattern: $0) }
    }

    /// Ends a lingering socket to make way for a new one from its address.
    private func hangUp(_ wsi: OpaquePointer, address: String) {
        sockets.openedAt[wsi] = nil
        if let connection = connection(at: wsi) {
            closeAfterFlush(connection, .policyViolation, "\(address) reached --max-connections-per-address; this connection had joined no room")
        } else {
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
        }
        logger.info("hung up a socket from \(address) that had joined no room, to make way for a new one (--max-connections-per-address)")
    }

    /// The socket's peer address (never a proxy's header: `/metrics` trusts only who is connected).
    func peerAddress(of wsi: OpaquePointer) -> String {
        var name = [CChar](repeating: 0, count: 64)
        guard lws_get_peer_simple(wsi, &name, name.count) != nil else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The client address of the request being read on `wsi` (its headers must still be there).
    func clientAddress(of wsi: OpaquePointer) -> String {
        let peer = peerAddress(of: wsi)
        let trusted = configuration.trustedProxies
        guard !trusted.isEmpty, trusted.contains(where: { $0.contains(peer) }) else { return peer }
        let forwarded = customHeader(wsi, "forwarded:")
        let forwardedFor = header(wsi, WSI_TOKEN_X_FORWARDED_FOR)
        return ClientAddress.resolve(peer: peer, forwarded: forwarded, forwardedFor: forwardedFor, trusted: trusted)
    }

    /// The key tag a trusted proxy (the SSH gateway, `--trust-proxy`) sent for its member
    /// (`X-SwipeDeck-Key`), or nil: from anyone else, with `--no-key-tags`, or not a tag.
    func trustedKeyTag(of wsi: OpaquePointer) -> String? {
        guard configuration.keyTags else { return nil }
        let peer = peerAddress(of: wsi)
        guard configuration.trustedProxies.contains(where: { $0.contains(peer) }),
              let tag = customHeader(wsi, "x-swipedeck-key:")?.trimmingCharacters(in: .whitespaces), KeyTag.isTag(tag) else { return nil }
        return tag
    }

    /// A header lws knows by token (all its fragments, comma-joined), or nil.
    func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = lws_hdr_total_length(wsi, token)
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A header lws keeps by name (`name` lower-case with its colon, e.g. "forwarded:"), or nil.
    private func customHeader(_ wsi: OpaquePointer, _ name: String) -> String? {
        let nameLength = Int32(name.utf8.count)
        let length = lws_hdr_custom_length(wsi, name, nameLength)
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard lws_hdr_custom_copy(wsi, &buffer, Int32(buffer.count), name, nameLength) >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Minimum time between two "out of descriptors" lines (ms).
    static let descriptorWarningInterval: ServerTime = 60_000

    /// A failed room-code lookup from `address`: counted here at once, and by the backend (a
    /// cluster counts it over every node).
    func recordFailedLookup(from address: String, at time: ServerTime) {
        joinGuard.recordFailure(from: address, at: time)
        backend.failedLookupRecorded(from: address, at: time)
    }

    /// True when `connection` may look `request`'s room up now: it resumes a member with a valid
    /// token, or its address is within its failed lookups, or this connection's turn has come
    /// (`JoinGuard.waitBeforeLookup`). Otherwise the client is told when to try again (false).
    func allowLookup(_ request: JoinRoom, from connection: Connection, at time: ServerTime) -> Bool {
        if let wait = joinGuard.waitBeforeLookup(from: connection.address, lastTry: connection.lastLookupAt, at: time),
           !holdsValidToken(request) {
            enqueue(.error(rateLimitedJoin(connection, wait: wait)), to: connection)
            return false
        }
        connection.lastLookupAt = time
        return true
    }

    /// The answer to a join from an address past its failed lookups, before its connection's turn.
    func rateLimitedJoin(_ connection: Connection, wait: Double) -> ProtocolError {
        ProtocolError(.rateLimited, "join: over \(joinGuard.maxFailures) failed joins (wrong room codes or tokens) came from "
            + "\(connection.address) in the last minute, so each connection from it may try a room code once every "
            + "\(Int(joinGuard.pace / 1000)) s; retry in \(Int(wait)) s", retryAfter: wait)
    }

    /// False (and the client told) when the connection asked for `results` too often.
    func allowResults(_ connection: Connection, at time: ServerTime) -> Bool {
        guard !connection.resultsLimiter.allow(at: time) else { return true }
        let limits = configuration.transportLimits
        enqueue(.error(ProtocolError(.rateLimited, "results: at most \(Int(limits.resultsBurst)) at once and "
            + "\(limits.resultsPerSecond) per second", retryAfter: (1 / limits.resultsPerSecond).rounded(.up))), to: connection)
        return false
    }

    /// False (and the client told) when the connection's address already has its cap of open rooms.
    /// At the cap, a room the address created and left before anyone else joined (its creator is
    /// not within a drop grace) is evicted first: the unjoined-room timeout would evict it anyway,
    /// and a stranger behind the same NAT who creates rooms and leaves must not stop the others creating.
    func allowCreate(_ connection: Connection, at time: ServerTime) -> Bool {
        let cap = configuration.transportLimits.maxRoomsPerAddress
        guard cap > 0, ledger.rooms(createdBy: connection.address) >= cap else { return true }
        if backend.makeWayForCreate(among: ledger.codes(createdBy: connection.address), from: connection.address) { return true }
        enqueue(.error(ProtocolError(.tooManyRooms, "create: \(connection.address) already has \(cap) open rooms "
            + "(--max-rooms-per-address)")), to: connection)
        return false
    }

    /// Whether `request` resumes a member of an existing room with that member's token.
    func holdsValidToken(_ request: JoinRoom) -> Bool {
        guard let token = request.token, let room = registry.room(request.room) else { return false }
        return room.members.contains { $0.token == token }
    }

    // MARK: making way for descriptors: sockets in no room are hung up before lws would refuse a new one

    /// Descriptors kept free below `socketCapacity`, so lws never reaches its own refusal while
    /// sockets that may make way are still open (they close on the loop's next turn).
    var descriptorReserve: Int { max(2, min(32, (sockets.capacity ?? 0) / 8)) }

    /// What a socket is doing, for `MakeWay`.
    func makeWayState(of socket: Int) -> MakeWay.State {
        guard let wsi = OpaquePointer(bitPattern: socket) else { return .closing }
        guard let connection = connection(at: wsi) else {
            return sockets.openedAt[wsi] == nil && sockets.open.contains(wsi) ? .closing : .notWebSocket
        }
        if connection.closing != nil { return .closing }
        if connection.room != nil { return .inRoom }
        return driver.isEntering(connection) ? .joining : .webSocketInNoRoom
    }

    /// WSI_CREATE near the descriptor limit: hangs up the longest-held sockets in no room (any
    /// address, any age; never `newcomer`) until the reserve is free again.
    func makeWayForDescriptors(capacity: Int, newcomer: OpaquePointer) {
        let limit = capacity - descriptorReserve
        guard sockets.openedAt.count >= limit else { return }
        let time = now
        var candidates = sockets.openedAt.compactMap { wsi, since -> MakeWay.Candidate? in
            wsi == newcomer ? nil : MakeWay.Candidate(socket: Int(bitPattern: wsi), since: since, state: makeWayState(of: Int(bitPattern: wsi)))
        }
        var hungUp = 0
        while sockets.openedAt.count >= limit, let victim = MakeWay.victim(among: candidates, olderThan: 0, at: time),
              let wsi = OpaquePointer(bitPattern: victim) {
            candidates.removeAll { $0.socket == victim }
            sockets.openedAt[wsi] = nil
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
            logger.info("hung up \(hungUp) socket(s) in no room to keep descriptors for new ones (\(sockets.open.count) open, room for about \(capacity))")
        }
    }
}
