// Plain HTTP on the WebSocket port: /healthz and results exports. Service thread only (lws
// callbacks HTTP, HTTP_WRITEABLE, CLOSED_HTTP); touches the shell's registry, guard and ledger.
import CLibWebSockets
import SwipeProtocol

extension ServerShell {
    /// An answer waiting for HTTP_WRITEABLE: the body (none for HEAD) and whether to close after it.
    struct PendingHTTPBody {
        var body: [UInt8]
        var closes: Bool
    }

    /// LWS_CALLBACK_HTTP: answer `path`. Returns -1 to close.
    func http(_ wsi: OpaquePointer, path: String) -> Int32 {
        guard admit(wsi, address: clientAddress(of: wsi)) else { return answer(wsi, path: path, admitted: false) }
        // A cluster node answers for any room: one not here yet is loaded first (the answer waits).
        // (Not for an address past its failed guesses: it gets its 429 without costing the store a read.)
        if let cluster, cluster.outage == nil, let code = HTTPRoutes.room(inPath: path), registry.rooms[code] == nil,
           joinGuard.retryAfter(clientAddress(of: wsi), at: now) == nil {
            cluster.httpWaiting[wsi] = path
            loadRoom(code) { _ in
                // Answered in HTTP_WRITEABLE (unless the client has gone meanwhile).
                if cluster.httpWaiting[wsi] != nil { lws_callback_on_writable(wsi) }
            }
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
        if admitted {
            response = HTTPRoutes.respond(to: path, method: method, registry: registry, status: status,
                                          retryAfter: joinGuard.retryAfter(address, at: time))
            if response.missedRoom { joinGuard.recordFailure(from: address, at: time) }
        } else {
            response = HTTPRoutes.tooManyConnections(cap: configuration.transportLimits.maxConnectionsPerAddress)
        }
        logger.debug("\(method) \(path.prefix(200)) from \(address) → \(response.status)")
        let extra = response.headers.sorted { $0.key < $1.key }.map { ($0.key + ":", $0.value) }
        let first = extra.first
        let second = extra.dropFirst().first
        if swipe_server_http_headers(wsi, response.status, response.contentType, response.body.count,
                                     first?.0, first?.1, second?.0, second?.1) != 0 { return -1 }
        let body = method == .head ? [] : response.body
        if body.isEmpty && !response.closes {   // HEAD, 405: the headers were all
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        httpBodies[wsi] = PendingHTTPBody(body: body, closes: response.closes)
        lws_callback_on_writable(wsi)
        return 0
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
        if let path = cluster?.httpWaiting.removeValue(forKey: wsi) {
            return answer(wsi, path: path, admitted: true)   // the room was loaded (or is not in the store: 404)
        }
        guard let pending = httpBodies.removeValue(forKey: wsi) else { return 0 }
        if !pending.body.isEmpty {
            let pre = Int(swipe_lws_pre())
            var buffer = [UInt8](repeating: 0, count: pre + pending.body.count)
            buffer.replaceSubrange(pre..., with: pending.body)
            let written = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
                guard let base = pointer.baseAddress else { return -1 }
                return lws_write(wsi, base + pre, pending.body.count, LWS_WRITE_HTTP_FINAL)
            }
            if written < 0 { return -1 }
        }
        if pending.closes { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// LWS_CALLBACK_HTTP_CONFIRM_UPGRADE: 0 lets the upgrade go on; 1 when a 400 was sent instead.
    func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        let length = lws_hdr_total_length(wsi, WSI_TOKEN_PROTOCOL)
        guard length > 0 else { return 0 }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_PROTOCOL) >= 0 else { return 0 }
        let header = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let reason = SubprotocolOffer(header: header).refusal else { return 0 }
        logger.notice("refused a WebSocket upgrade: \(reason)")
        return lws_return_http_status(wsi, 400, reason) != 0 ? -1 : 1
    }

    func httpClosed(_ wsi: OpaquePointer) {
        httpBodies[wsi] = nil
        cluster?.httpWaiting[wsi] = nil
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
