// Plain HTTP on the WebSocket port: /healthz and results exports. Service thread only.
import CLibWebSockets
import SwipeProtocol

extension ServerShell {
    /// LWS_CALLBACK_HTTP: answer `path`. Returns -1 to close.
    func http(_ wsi: OpaquePointer, path: String) -> Int32 {
        let response = HTTPRoutes.respond(to: path, registry: registry, status: status)
        logger.debug("GET \(path) → \(response.status)")
        if swipe_server_http_headers(wsi, response.status, response.contentType, response.body.count) != 0 { return -1 }
        httpBodies[wsi] = response.body
        lws_callback_on_writable(wsi)
        return 0
    }

    /// LWS_CALLBACK_HTTP_WRITEABLE: the body, then end the transaction.
    func httpWriteable(_ wsi: OpaquePointer) -> Int32 {
        guard let body = httpBodies.removeValue(forKey: wsi) else { return 0 }
        let pre = Int(swipe_lws_pre())
        var buffer = [UInt8](repeating: 0, count: pre + body.count)
        buffer.replaceSubrange(pre..., with: body)
        let written = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
            guard let base = pointer.baseAddress else { return -1 }
            return lws_write(wsi, base + pre, body.count, LWS_WRITE_HTTP_FINAL)
        }
        if written < 0 { return -1 }
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
    }
}
