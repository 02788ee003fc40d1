// Test shell: a minimal libwebsockets echo server on an ephemeral port. Its service thread owns the
// lws context and the per-connection outboxes; other threads only call `stop()` (flag + cancel).
// Text commands: "close:CODE:REASON" closes with that code, "binary" answers with a binary frame,
// anything else is echoed back.
import CLibWebSockets
import Foundation
import SwipeClient

final class EchoServer: @unchecked Sendable {
    private(set) var port: Int = 0
    private var context: OpaquePointer?
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let extensions: UnsafeMutablePointer<lws_extension>
    private let names: [UnsafeMutablePointer<CChar>]
    private let lock = NSCondition()
    private var stopping = false
    private var finished = false
    // Service thread only.
    var outboxes: [OpaquePointer: [(bytes: [UInt8], binary: Bool)]] = [:]
    var incoming: [OpaquePointer: [UInt8]] = [:]
    var pendingClose: [OpaquePointer: (UInt16, String)] = [:]

    /// `tls`: PEM certificate and key paths to serve wss:// instead of ws://.
    /// `wakeEvery`: milliseconds between forced service wake-ups (like a server's housekeeping tick).
    init(subprotocol: String = "swipedeck.v1", tls: (cert: String, key: String)? = nil, wakeEvery: Int? = nil) throws {
        scheme = tls == nil ? "ws" : "wss"
        let protocolName = strdup(subprotocol)!
        let extensionName = strdup("permessage-deflate")!
        let extensionOffer = strdup("permessage-deflate; client_no_context_takeover; client_max_window_bits")!
        names = [protocolName, extensionName, extensionOffer]
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(protocolName)
        protocols[0].callback = echoServerCallback
        protocols[0].rx_buffer_size = 16 * 1024
        extensions = .allocate(capacity: 2)
        extensions.initialize(repeating: lws_extension(), count: 2)
        extensions[0].name = UnsafePointer(extensionName)
        extensions[0].callback = swipe_lws_pm_deflate_callback()
        extensions[0].client_offer = UnsafePointer(extensionOffer)

        lws_set_log_level(Int32(LLL_ERR), nil)
        var info = lws_context_creation_info()
        info.port = 0
        info.iface = UnsafePointer(strdup("127.0.0.1"))
        info.protocols = UnsafePointer(protocols)
        info.extensions = UnsafePointer(extensions)
        info.options = swipe_lws_option_disable_ipv6()
        if let tls {
            info.options |= swipe_lws_option_do_ssl_global_init()
            info.ssl_cert_filepath = UnsafePointer(strdup(tls.cert))
            info.ssl_private_key_filepath = UnsafePointer(strdup(tls.key))
        }
        info.user = Unmanaged.passUnretained(self).toOpaque()
        let created = tls == nil ? lws_create_context(&info) : TLSHandshakeGate.makingContext { lws_create_context(&info) }
        guard let ctx = created, let vhost = lws_get_vhost_by_name(ctx, "default") else {
            throw EchoServerError.couldNotStart
        }
        context = ctx
        port = Int(lws_get_vhost_listen_port(vhost))
        let thread = Thread { [self] in run() }
        thread.start()
        if let wakeEvery {
            Thread { [self] in
                while true {
                    lock.lock()
                    let stop = stopping
                    let ctx = context
                    lock.unlock()
                    guard !stop, let ctx else { return }
                    lws_cancel_service(ctx)
                    usleep(UInt32(wakeEvery * 1000))
                }
            }.start()
        }
    }

    let scheme: String
    var url: String { "\(scheme)://127.0.0.1:\(port)/" }

    private func run() {
        guard let ctx = context else { return }
        while true {
            lock.lock()
            let stop = stopping
            lock.unlock()
            if stop { break }
            lws_service(ctx, 0)
        }
        lws_context_destroy(ctx)
        lock.lock()
        finished = true
        context = nil
        lock.broadcast()
        lock.unlock()
    }

    func stop() {
        lock.lock()
        stopping = true
        let ctx = context
        lock.unlock()
        if let ctx { lws_cancel_service(ctx) }
        lock.lock()
        while !finished {
            if !lock.wait(until: Date().addingTimeInterval(0.05)), let ctx = context { lws_cancel_service(ctx) }
        }
        lock.unlock()
    }

    deinit {
        protocols.deallocate()
        extensions.deallocate()
        for name in names { free(name) }
    }

    func handleMessage(_ bytes: [UInt8], on wsi: OpaquePointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("close:") {
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            let code = parts.count > 1 ? UInt16(parts[1]) ?? 1000 : 1000
            pendingClose[wsi] = (code, parts.count > 2 ? String(parts[2]) : "")
        } else if text == "binary" {
            outboxes[wsi, default: []].append((Array("binary!".utf8), true))
        } else {
            outboxes[wsi, default: []].append((bytes, false))
        }
        lws_callback_on_writable(wsi)
    }

    func writeNext(_ wsi: OpaquePointer) -> Int32 {
        if var queue = outboxes[wsi], !queue.isEmpty {
            let next = queue.removeFirst()
            outboxes[wsi] = queue
            let pre = swipe_lws_pre()
            var buffer = [UInt8](repeating: 0, count: pre + next.bytes.count)
            buffer.replaceSubrange(pre..., with: next.bytes)
            let written = buffer.withUnsafeMutableBufferPointer { raw in
                lws_write(wsi, raw.baseAddress! + pre, next.bytes.count, next.binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT)
            }
            if written < next.bytes.count { return -1 }
            if !queue.isEmpty || pendingClose[wsi] != nil { lws_callback_on_writable(wsi) }
            return 0
        }
        if let (code, reason) = pendingClose.removeValue(forKey: wsi) {
            var bytes = Array(reason.utf8)
            bytes.withUnsafeMutableBufferPointer { raw in
                lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), raw.baseAddress, raw.count)
            }
            return -1
        }
        return 0
    }
}

enum EchoServerError: Error { case couldNotStart }

private func echoServerCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let ctx = lws_get_context(wsi), let pointer = lws_context_user(ctx) else { return 0 }
    let server = Unmanaged<EchoServer>.fromOpaque(pointer).takeUnretainedValue()
    switch reason {
    case LWS_CALLBACK_RECEIVE:
        if let input, length > 0 {
            server.incoming[wsi, default: []].append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        if swipe_lws_message_complete(wsi) != 0 {
            let message = server.incoming.removeValue(forKey: wsi) ?? []
            server.handleMessage(message, on: wsi)
        }
        return 0
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return server.writeNext(wsi)
    case LWS_CALLBACK_CLOSED:
        server.outboxes[wsi] = nil
        server.incoming[wsi] = nil
        server.pendingClose[wsi] = nil
        return 0
    default:
        return 0
    }
}
