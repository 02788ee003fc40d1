// The libwebsockets protocol callback and the wake timer's callback. Runs ONLY on the lws service thread; reaches the
// ServerShell through the context's user pointer and touches nothing else.
import CLibWebSockets
import Foundation
import Logging

/// The shell behind a context (set as `info.user` when the context was made).
func shell(of wsi: OpaquePointer?) -> ServerShell? {
    guard let wsi, let context = lws_get_context(wsi), let user = lws_context_user(context) else { return nil }
    return Unmanaged<ServerShell>.fromOpaque(user).takeUnretainedValue()
}

/// The protocol callback for "swipedeck.v1" (also the default protocol, so clients that ask for none,
/// and plain HTTP, land here).
func swipeServerCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                         _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    switch reason {
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
        // `input` carries the accepted socket (lws 4.1): refused (closed by lws) when lws could not
        // number it; otherwise its request head is counted (through SSL_read's plaintext with TLS).
        if let wsi, let shell = shell(of: wsi) {
            let socket = Int32(truncatingIfNeeded: Int(bitPattern: input))
            guard shell.acceptsSocket(numbered: socket) else { return 1 }
            ReceiveGuard.watchHead(socket: socket, tls: shell.configuration.tlsCertificatePath != nil)
        }
        return 0
    case LWS_CALLBACK_WSI_CREATE:
        if let wsi { shell(of: wsi)?.socketCreated(wsi) }
        return 0
    case LWS_CALLBACK_WSI_DESTROY:
        if let wsi { shell(of: wsi)?.socketDestroyed(wsi) }
        return 0
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        guard let wsi, let shell = shell(of: wsi) else { return 0 }
        if let origin = shell.refusedOrigin(wsi) {
            return shell.refuse(wsi, with: HTTPRoutes.originNotAllowed(origin))
        }
        let address = shell.clientAddress(of: wsi)
        guard shell.admit(wsi, address: address, upgrade: true) else {
            return shell.refuse(wsi, with: HTTPRoutes.tooManyConnections(cap: shell.configuration.transportLimits.maxConnectionsPerAddress,
                                                                         retryAfter: shell.connectionCapRetryAfter))
        }
        shell.sockets.upgradeAddresses[wsi] = address
        shell.sockets.upgradeKeyTags[wsi] = shell.trustedKeyTag(of: wsi)
        return 0
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
        // Before lws matches subprotocols: an offer of only unknown ones gets a 400 with a reason,
        // not a dropped connection.
        guard let wsi, let shell = shell(of: wsi) else { return 0 }
        return shell.confirmUpgrade(wsi)
    case LWS_CALLBACK_ESTABLISHED:
        if let wsi { shell(of: wsi)?.opened(wsi) }
        return 0
    case LWS_CALLBACK_RECEIVE:
        guard let wsi, let shell = shell(of: wsi) else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
        shell.received(wsi, bytes, binary: lws_frame_is_binary(wsi) != 0, complete: swipe_lws_message_complete(wsi) != 0)
        return 0
    case LWS_CALLBACK_SERVER_WRITEABLE:
        guard let wsi, let shell = shell(of: wsi) else { return 0 }
        return shell.writeable(wsi)
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        // `input` is the close frame's payload: a big-endian status code, then the reason. 0 lets lws echo it.
        guard let wsi, let shell = shell(of: wsi) else { return 0 }
        let payload = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
        shell.peerClosing(wsi, code: payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil)
        return 0
    case LWS_CALLBACK_CLOSED:
        if let wsi { shell(of: wsi)?.closed(wsi) }
        return 0
    case LWS_CALLBACK_HTTP:
        guard let wsi, let shell = shell(of: wsi) else { return -1 }
        let path = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
        return shell.http(wsi, path: path)
    case LWS_CALLBACK_HTTP_WRITEABLE:
        guard let wsi, let shell = shell(of: wsi) else { return -1 }
        return shell.httpWriteable(wsi)
    case LWS_CALLBACK_CLOSED_HTTP:
        if let wsi { shell(of: wsi)?.httpClosed(wsi) }
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        shell(of: wsi)?.serviceHousekeeping()
        return 0
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}

/// Where libwebsockets' own error and warning lines go (through swift-log, so an in-process host under a
/// TUI stays quiet when the app bootstraps a quiet log handler).
private let lwsLogger = Logger(label: "libwebsockets")

/// lws's log emitter: any thread lws logs from (the service thread here). A line like one written
/// within `LWSLogRepeats.interval` (the same apart from its numbers) is counted, not written: a
/// flood of refused sockets must not fill the disk with the same few lines.
func swipeServerLWSLog(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    guard let line else { return }
    let text = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let repeats = lwsLogRepeats.admit(text) else { return }
    let suffix = repeats > 0 ? " (and \(repeats) like it in the last \(Int(LWSLogRepeats.interval)) s)" : ""
    if level & LLL_ERR != 0 {
        lwsLogger.error("\(text)\(suffix)")
    } else {
        lwsLogger.warning("\(text)\(suffix)")
    }
}

private let lwsLogRepeats = LWSLogRepeats()

/// When each kind of lws log line (its text with digit runs as `#`) was last written, and how many
/// like it were left out since (any thread; a lock guards it).
private final class LWSLogRepeats: @unchecked Sendable {
    static let interval: TimeInterval = 10
    private let lock = NSLock()
    private var kinds: [String: (writtenAt: Date, suppressed: Int)] = [:]

    /// nil: do not write `text` (one like it was written lately); otherwise how many were left out before it.
    func admit(_ text: String) -> Int? {
        let kind = String(text.map { $0.isNumber ? "#" : $0 }).replacingOccurrences(of: "##", with: "#")
        lock.lock()
        defer { lock.unlock() }
        let time = Date()
        if let seen = kinds[kind], time.timeIntervalSince(seen.writtenAt) < Self.interval {
            kinds[kind] = (seen.writtenAt, seen.suppressed + 1)
            return nil
        }
        if kinds.count > 256 { kinds = kinds.filter { time.timeIntervalSince($0.value.writtenAt) < Self.interval } }
        let left = kinds[kind]?.suppressed ?? 0
        kinds[kind] = (time, 0)
        return left
    }
}

/// The wake timer's callback: fires at the earliest deadline the shell armed it for (room timers,
/// eviction check, shutdown), never periodically. `sul` is the first field of a `swipe_server_wake_timer`.
func swipeServerWake(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul else { return }
    let timer = UnsafeMutableRawPointer(sul).assumingMemoryBound(to: swipe_server_wake_timer.self)
    guard let context = timer.pointee.context, let user = lws_context_user(context) else { return }
    Unmanaged<ServerShell>.fromOpaque(user).takeUnretainedValue().wakeTimerFired()
}
