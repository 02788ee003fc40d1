// Plain HTTP on the WebSocket port: /healthz, /metrics, results exports and card pictures. Service
// thread only (lws callbacks HTTP, HTTP_WRITEABLE, CLOSED_HTTP); touches the shell's registry, guard
// and ledger, reads its connections and queues for /metrics, and asks the backend for rooms and
// pictures it lacks.
import SwipeRoomDriver
import CLibWebSockets
import SwipeBackend
import SwipeProtocol

extension ServerShell {
    /// LWS_CALLBACK_HTTP: answer `path`. Returns -1 to close.
    func http(_ wsi: OpaquePointer, path: String) -> Int32 {
        guard admit(wsi, address: clientAddress(of: wsi)) else { return answer(wsi, path: path, admitted: false) }
        // A room not here may be in a shared store: the backend loads it and the answer waits.
        // (Not for an address past its failed guesses: it gets its 429 without costing the store a read.)
        if let code = HTTPRoutes.room(inPath: path), registry.rooms[code] == nil,
           joinGuard.retryAfter(clientAddress(of: wsi), at: now) == nil, backend.waitForRoom(code, path: path, request: HTTPRequestID(wsi)) {
            return 0
        }
        return answer(wsi, path: path, admitted: true)
    }

    /// Writes the answer's headers and queues its body.
    private func answer(_ wsi: OpaquePointer, path: String, admitted: Bool) -> Int32 {
        let method = requestMethod(wsi)
        let address = clientAddress(of: wsi)
        let time = now
        let response: HTTPResponse
        // /metrics answers GET and HEAD; any other method goes through respond's 405 like every route.
        if admitted, HTTPRoutes.isMetrics(path), method == .get || method == .head {
            response = metricsResponse(wsi)
        } else if admitted {
            let retryAfter = joinGuard.retryAfter(address, at: time)
            // A picture this node's decks lack may be in a shared store: the answer waits for it.
            if retryAfter == nil, method == .get || method == .head, let missing = missingPicture(path),
               backend.waitForPicture(missing.etag, in: missing.room, path: path, request: HTTPRequestID(wsi)) {
                return 0
            }
            response = routed(wsi, path: path, method: method, retryAfter: retryAfter)
            if response.missedRoom { recordFailedLookup(from: address, at: time) }
        } else {
            response = HTTPRoutes.tooManyConnections(cap: configuration.transportLimits.maxConnectionsPerAddress,
                                                     retryAfter: connectionCapRetryAfter)
        }
        logger.debug("\(method) \(path.prefix(200)) from \(address) → \(response.status)")
        if response.status >= 400 { counters.refused(HTTPRoutes.refusalReason(response)) }
        let body = method == .head ? [] : response.body
        if response.closes {   // a refusal: the whole answer now, then hang up
            _ = writeHTTP(wsi, HTTPResponseHead.bytes(of: response, includingBody: method != .head))
            return -1
        }
        guard writeHTTP(wsi, HTTPResponseHead.head(of: response)) else { return -1 }
        if body.isEmpty {   // HEAD: the headers were all
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        sockets.httpBodies[wsi] = PendingHTTPBody(body: body, closes: false)
        lws_callback_on_writable(wsi)
        return 0
    }

    /// The route's answer; while a shared store is out of reach, a room not here is a 503 (the
    /// store would know it), neither a 404 nor a failed guess.
    private func routed(_ wsi: OpaquePointer, path: String, method: HTTPMethod, retryAfter: Double?) -> HTTPResponse {
        if retryAfter == nil, method == .get || method == .head, !backend.health.reachable,
           let code = HTTPRoutes.room(inPath: path), registry.rooms[code] == nil {
            return HTTPRoutes.storeUnavailable(retryAfter: StoredPicture.retryAfter)
        }
        let code = HTTPRoutes.room(inPath: path) ?? RoomCode("")
        return HTTPRoutes.respond(to: path, method: method, registry: registry, status: status, retryAfter: retryAfter,
                                  ifNoneMatch: header(wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH),
                                  stored: { self.backend.storedPicture($0, in: code, for: HTTPRequestID(wsi)) })
    }

    /// The tag of the picture a picture path names when the room is here and this node's deck
    /// library lacks it (nil otherwise: the route answers from the library, or with its 404).
    private func missingPicture(_ path: String) -> (etag: String, room: RoomCode)? {
        guard let target = HTTPRoutes.pictureTarget(inPath: path),
              let room = registry.room(RoomCode(target.room)),
              let etag = room.cards.first(where: { $0.id == target.card })?.picture?.etag,
              registry.library.picture(etag: etag) == nil else { return nil }
        return (etag, room.code)
    }

    /// Writes `bytes` (a response head, or a whole refusal) as they are, through lws (which keeps
    /// what the socket did not take and sends it before anything else). False when lws failed.
    @discardableResult
    func writeHTTP(_ wsi: OpaquePointer, _ bytes: [UInt8], final: Bool = false) -> Bool {
        let pre = Int(swipe_lws_pre())
        var buffer = [UInt8](repeating: 0, count: pre + bytes.count)
        buffer.replaceSubrange(pre..., with: bytes)
        return buffer.withUnsafeMutableBufferPointer { pointer -> Bool in
            guard let base = pointer.baseAddress else { return false }
            return lws_write(wsi, base + pre, bytes.count, final ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP_HEADERS) >= 0
        }
    }

    /// Turns a WebSocket upgrade (or a request) away with `response` (a refusal that closes):
    /// returns -1, which makes lws close the connection once the answer is out.
    func refuse(_ wsi: OpaquePointer, with response: HTTPResponse) -> Int32 {
        logger.notice("refused a request from \(clientAddress(of: wsi)): \(response.status) \(String(decoding: response.body.prefix(200), as: UTF8.self))")
        counters.refused(HTTPRoutes.refusalReason(response))
        writeHTTP(wsi, HTTPResponseHead.bytes(of: response))
        return -1
    }

    /// The request's method, from which URI token lws filled in.
    private func requestMethod(_ wsi: OpaquePointer) -> HTTPMethod {
        let others: [(lws_token_indexes, String)] = [
            (WSI_TOKEN_POST_URI, "POST"), (WSI_TOKEN_PUT_URI, "PUT"), (WSI_TOKEN_PATCH_URI, "PATCH"),
            (WSI_TOKEN_DELETE_URI, "DELETE"), (WSI_TOKEN_OPTIONS_URI, "OPTIONS"),
        ]
        if lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0 { return .head }
        for (token, name) in others where lws_hdr_total_length(wsi, token) > 0 { return .other(name) }
        return .get
    }

    /// LWS_CALLBACK_HTTP_WRITEABLE: the body, then end the transaction (or close).
    func httpWriteable(_ wsi: OpaquePointer) -> Int32 {
        if let path = backend.httpAnswerReady(HTTPRequestID(wsi)) {
            return answer(wsi, path: path, admitted: true)   // the room was loaded (or is not in the store: 404)
        }
        guard let pending = sockets.httpBodies.removeValue(forKey: wsi) else { return 0 }
        if !pending.body.isEmpty, !writeHTTP(wsi, pending.body, final: true) { return -1 }
        if pending.closes { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// LWS_CALLBACK_HTTP_CONFIRM_UPGRADE: 0 lets the upgrade go on; -1 when a 400 was sent instead (closing).
    func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        let length = lws_hdr_total_length(wsi, WSI_TOKEN_PROTOCOL)
        guard length > 0 else { return 0 }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_PROTOCOL) >= 0 else { return 0 }
        let header = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let reason = SubprotocolOffer(header: header).refusal else { return 0 }
        return refuse(wsi, with: HTTPRoutes.unsupportedSubprotocol(reason))
    }

    func httpClosed(_ wsi: OpaquePointer) {
        sockets.httpBodies[wsi] = nil
        backend.httpClosed(HTTPRequestID(wsi))
    }

    // MARK: GET /metrics (the allow rule against the socket's own peer address, gauges read at the scrape)

    /// The scrape for an allowed peer, else 403.
    func metricsResponse(_ wsi: OpaquePointer) -> HTTPResponse {
        let peer = peerAddress(of: wsi)
        guard configuration.metricsAccess.allows(peer) else { return HTTPRoutes.metricsNotAllowed(peer) }
        counters.votes = driver.delivered.votes   // what the driver delivered, as of this scrape
        counters.matches = driver.delivered.matches
        return HTTPRoutes.metrics(metrics.render(counters, metricsGauges))
    }

    /// The gauges now.
    var metricsGauges: MetricsGauges {
        var rooms = Dictionary(uniqueKeysWithValues: Pacing.allCases.map { ($0.rawValue, 0) })
        for room in registry.rooms.values { rooms[room.settings.pacing.rawValue, default: 0] += 1 }
        return MetricsGauges(openConnections: connections.count, pendingConnections: pendingSockets, roomsByPacing: rooms,
                             queuedBytes: connections.queuedBytes, storeLinkUp: backend.health.linkUp)
    }
}

extension HTTPMethod: CustomStringConvertible {
    public var description: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case let .other(name): name
        }
    }
}
