// Shell: the libwebsockets protocol callback for client loops. Runs only on the service thread of
// the loop whose context raised it; touches that loop's ClientLoopCore service-thread state.
import CLibWebSockets
import Foundation

/// The lws callback for every client loop; finds its ClientLoopCore through the context user
/// pointer and its connection through the wsi's opaque user data (the connection id).
func clientLoopCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let userPointer = lws_context_user(context) else { return 0 }
    let core = Unmanaged<ClientLoopCore>.fromOpaque(userPointer).takeUnretainedValue()
    if reason == LWS_CALLBACK_EVENT_WAIT_CANCELLED {
        core.drainInbox()
        return 0
    }
    let raw = Int(bitPattern: lws_get_opaque_user_data(wsi))
    guard raw != 0, let connection = core.connections[raw] else { return 0 }
    if connection.wsi == nil { connection.wsi = wsi }

    switch reason {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        connection.wsi = wsi
        connection.established = true
        connection.leaveTLSGate()
        core.onEvent(.connected(connection.id))
        if connection.hasQueuedWork { lws_callback_on_writable(wsi) }
        return 0

    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        let detail = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "unknown error"
        // The server may have answered the upgrade with an HTTP status instead of 101.
        let status = Int(lws_http_client_http_response(wsi))
        core.finishConnecting(connection.id, failure: "could not connect to \(connection.url): \(detail)",
                              httpStatus: status >= 300 ? status : nil)
        return 0

    case LWS_CALLBACK_CLIENT_RECEIVE:
        if lws_frame_is_binary(wsi) != 0 {
            return closeFromCallback(connection, wsi, code: 1003, reason: "binary frames are not accepted")
        }
        if let input, length > 0 {
            if connection.incoming.count + length > core.maxMessageBytes {
                connection.incoming = []
                return closeFromCallback(connection, wsi, code: 1009,
                                         reason: "message larger than \(core.maxMessageBytes) bytes")
            }
            connection.incoming.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        if swipe_lws_message_complete(wsi) != 0 {
            let message = connection.incoming
            connection.incoming = []
            core.onEvent(.message(connection.id, message))
        }
        return 0

    case LWS_CALLBACK_CLIENT_WRITEABLE:
        return core.writeNext(on: connection, wsi: wsi)

    case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
        // The SSH gateway's member address (ConnectOrigin): `input` is the header cursor, `length` the room left.
        guard let value = connection.forwardedFor, let input else { return 0 }
        let cursor = input.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        guard let start = cursor.pointee else { return 0 }
        let end = start + length
        let added = value.withUnsafeBufferPointer { bytes in
            lws_add_http_header_by_name(wsi, "x-forwarded-for:", bytes.baseAddress, Int32(bytes.count), cursor, end)
        }
        guard added == 0 else { return -1 }
        guard let tag = connection.keyTag else { return 0 }
        let tagged = tag.withUnsafeBufferPointer { bytes in
            lws_add_http_header_by_name(wsi, "x-swipedeck-key:", bytes.baseAddress, Int32(bytes.count), cursor, end)
        }
        return tagged == 0 ? 0 : -1

    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        connection.peerClose = parseClosePayload(input, length)
        return 0

    case LWS_CALLBACK_CLIENT_CLOSED:
        core.finishClosed(connection.id)
        return 0

    case LWS_CALLBACK_WSI_DESTROY:
        // Last chance: a connection that vanished without CLOSED or CONNECTION_ERROR.
        if connection.established {
            core.finishClosed(connection.id)
        } else {
            core.finishConnecting(connection.id, failure: "connection to \(connection.url) was dropped")
        }
        return 0

    default:
        return 0
    }
}

/// Records the close we send and asks lws to close (the caller returns the -1).
private func closeFromCallback(_ connection: ClientConnection, _ wsi: OpaquePointer, code: UInt16, reason: String) -> Int32 {
    connection.localClose = CloseInfo(code: code, reason: reason)
    var bytes = Array(reason.utf8.prefix(123))
    bytes.withUnsafeMutableBufferPointer { buffer in
        lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), buffer.baseAddress, buffer.count)
    }
    return -1
}

/// Reads a close frame payload: a big-endian code then a UTF-8 reason.
private func parseClosePayload(_ input: UnsafeMutableRawPointer?, _ length: Int) -> CloseInfo? {
    guard let input, length >= 2 else { return nil }
    let bytes = UnsafeRawBufferPointer(start: input, count: length)
    let code = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
    return CloseInfo(code: code, reason: String(decoding: bytes[2...], as: UTF8.self))
}
