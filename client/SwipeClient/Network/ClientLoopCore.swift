// Shell: the state behind WebSocketClientLoop. `connect`, `enqueue` and `shutdown` run on any
// thread and touch only `lock`-protected fields (`inbox`, `nextID`, `stopRequested`, `finished`),
// and wake the loop with lws_cancel_service on `context` while holding `lock`; the service thread
// clears `context` under `lock` before it destroys it. Everything else — `connections`,
// `writeBuffer` — is touched only on the service thread (`runServiceThread` and its lws callbacks).
import CLibWebSockets
import Foundation
import SwipeClientCore

/// A request from any thread to the service thread.
enum ClientCommand {
    case connect(ConnectionID, WebSocketURL, insecure: Bool)
    case send(ConnectionID, [UInt8])
    case close(ConnectionID, code: UInt16, reason: String)
}

final class ClientLoopCore: @unchecked Sendable {
    let onEvent: @Sendable (WebSocketClientEvent) -> Void
    let maxMessageBytes: Int
    let subprotocol: String
    /// Whether the context was made with OpenSSL (only such a loop can open wss:// connections).
    let tls: Bool

    // Guarded by `lock`.
    private let lock = NSCondition()
    private var inbox: [ClientCommand] = []
    private var nextID = 1
    private var stopRequested = false
    private var finished = false
    private var serviceThread: pthread_t?

    // Service thread only.
    private(set) var context: OpaquePointer?
    var connections: [Int: ClientConnection] = [:]
    private var protocols: ClientProtocolTable
    private var writeBuffer: UnsafeMutableRawPointer
    private var writeCapacity: Int
    private var shutdownDeadline: UInt64?
    /// The libev (epoll) loop lws runs on, with its nudge, when asked for (nil: lws's own poll() loop).
    private var driver: UnsafeMutablePointer<swipe_ev_driver>?

    init(subprotocol: String, deflate: Bool, maxMessageBytes: Int, epoll: Bool, tls: Bool,
         onEvent: @escaping @Sendable (WebSocketClientEvent) -> Void) throws {
        self.onEvent = onEvent
        self.tls = tls
        self.maxMessageBytes = maxMessageBytes
        self.subprotocol = subprotocol
        protocols = ClientProtocolTable(offer: subprotocol, deflate: deflate)
        writeCapacity = 64 << 10
        writeBuffer = UnsafeMutableRawPointer.allocate(byteCount: writeCapacity + swipe_lws_pre(), alignment: 16)

        lws_set_log_level(Int32(LLL_ERR), nil)
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.protocols = UnsafePointer(protocols.protocols)
        info.extensions = protocols.extensions.map { UnsafePointer($0) }
        // lws 4.1 takes a new process-wide OpenSSL ex-data index for every context made with this
        // option, and a TLS handshake in flight on another context then cannot find its wsi
        // ("can't get wsi from ssl privdata"): only a loop that needs TLS asks for it.
        info.options = tls ? swipe_lws_option_do_ssl_global_init() : 0
        info.fd_limit_per_thread = 0
        info.user = Unmanaged.passUnretained(self).toOpaque()
        if epoll { driver = swipe_ev_driver_attach(&info) }
        let create = { (info: inout lws_context_creation_info) in
            tls ? TLSHandshakeGate.makingContext { lws_create_context(&info) } : lws_create_context(&info)
        }
        var attempt = create(&info)
        if attempt == nil, let refused = driver {
            swipe_ev_driver_detach(&info, refused)   // no libev plugin: lws's own poll() loop
            driver = nil
            attempt = create(&info)
        }
        guard let created = attempt else {
            protocols.deallocate()
            writeBuffer.deallocate()
            throw WebSocketClientLoopError.contextCreationFailed
        }
        context = created
    }

    // MARK: any thread

    func connect(_ url: WebSocketURL, insecure: Bool) -> ConnectionID {
        lock.lock()
        let id = ConnectionID(raw: nextID)
        nextID += 1
        let wake = inbox.isEmpty
        inbox.append(.connect(id, url, insecure: insecure))
        if wake, !stopRequested { wakeServiceThread() }
        lock.unlock()
        return id
    }

    func enqueue(_ command: ClientCommand) {
        lock.lock()
        if stopRequested { lock.unlock(); return }
        let wake = inbox.isEmpty
        inbox.append(command)
        if wake { wakeServiceThread() }
        lock.unlock()
    }

    func shutdown() {
        lock.lock()
        let alreadyStopping = stopRequested
        stopRequested = true
        if !alreadyStopping { wakeServiceThread() }
        lock.unlock()
        // Called on the service thread itself (say, a deinit triggered inside onEvent): the loop
        // stops on its own; waiting here would deadlock.
        lock.lock()
        let onServiceThread = serviceThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        lock.unlock()
        if onServiceThread { return }
        // Wake the service thread regularly so it notices the shutdown deadline even when no
        // socket has anything to say.
        lock.lock()
        while !finished {
            if !lock.wait(until: Date().addingTimeInterval(0.05)) { wakeServiceThread() }
        }
        lock.unlock()
    }

    /// With `lock` held: makes the service thread's wait return. Holding the lock keeps the context
    /// alive meanwhile (the service thread clears `context` under it before destroying it), and
    /// lws_cancel_service only writes to lws's wake pipe, taking no lock the service thread holds.
    private func wakeServiceThread() {
        if let context { lws_cancel_service(context) }
    }

    // MARK: service thread

    func runServiceThread() {
        lock.lock()
        serviceThread = pthread_self()
        let ctx = context
        lock.unlock()
        guard let ctx else { return }
        while true {
            if let driver {
                // lws's own timers (connect timeouts, keepalive) run at the latest a second late (see the shim).
                swipe_ev_driver_turn(driver, ctx, 1)
            } else if lws_service(ctx, 0) < 0 {
                break
            }
            if let deadline = shutdownDeadline,
               connections.isEmpty || DispatchTime.now().uptimeNanoseconds >= deadline {
                break
            }
        }
        // From here on no other thread wakes the context (they wake it with `lock` held).
        lock.lock()
        context = nil
        lock.unlock()
        lws_context_destroy(ctx)
        if let driver { swipe_ev_driver_free(driver) }
        driver = nil
        for connection in connections.values { connection.release() }
        connections.removeAll()
        protocols.deallocate()
        writeBuffer.deallocate()
        lock.lock()
        finished = true
        lock.broadcast()
        lock.unlock()
    }

    /// Runs on EVENT_WAIT_CANCELLED: applies every queued command.
    func drainInbox() {
        lock.lock()
        let commands = inbox
        inbox.removeAll(keepingCapacity: true)
        let stopping = stopRequested
        lock.unlock()
        for command in commands { apply(command) }
        if stopping && shutdownDeadline == nil {
            shutdownDeadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
            for connection in connections.values {
                connection.requestClose(code: 1001, reason: "client shutting down")
            }
        }
    }

    private func apply(_ command: ClientCommand) {
        switch command {
        case let .connect(id, url, insecure):
            open(id, url, insecure: insecure)
        case let .send(id, bytes):
            connections[id.raw]?.enqueue(bytes)
        case let .close(id, code, reason):
            connections[id.raw]?.requestClose(code: code, reason: reason)
        }
    }

    private func open(_ id: ConnectionID, _ url: WebSocketURL, insecure: Bool) {
        guard let ctx = context else { return }
        if shutdownDeadline != nil {
            onEvent(.connectFailed(id, reason: "client loop is shutting down"))
            return
        }
        if url.scheme.usesTLS && !tls {
            onEvent(.connectFailed(id, reason: "\(url): this client loop was made without TLS (tls: false)"))
            return
        }
        let connection = ClientConnection(id: id, url: url, subprotocol: subprotocol)
        connections[id.raw] = connection
        var info = lws_client_connect_info()
        info.context = ctx
        info.address = UnsafePointer(connection.address)
        info.port = Int32(url.port)
        info.path = UnsafePointer(connection.path)
        info.host = UnsafePointer(connection.hostHeader)
        info.origin = UnsafePointer(connection.hostHeader)
        info.protocol = UnsafePointer(connection.subprotocol)
        info.iface = connection.bindAddress.map { UnsafePointer($0) }
        var flags: Int32 = 0
        if url.scheme.usesTLS {
            flags |= Int32(LCCSCF_USE_SSL.rawValue)
            if insecure {
                flags |= Int32(LCCSCF_ALLOW_SELFSIGNED.rawValue | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK.rawValue)
            }
        }
        info.ssl_connection = flags
        info.opaque_user_data = UnsafeMutableRawPointer(bitPattern: id.raw)
        if url.scheme.usesTLS {
            TLSHandshakeGate.handshakeStarted()
            connection.holdsTLSGate = true
        }
        let result = lws_client_connect_via_info(&info)
        // A synchronous failure may already have reported connectFailed through the callback.
        if result == nil {
            finishConnecting(id, failure: "could not start connecting to \(url)")
        } else if let result, let live = connections[id.raw], live.wsi == nil {
            live.wsi = result
        }
    }

    /// Ends a connection that never opened (`httpStatus`: the server's answer to the upgrade, if any).
    func finishConnecting(_ id: ConnectionID, failure: String, httpStatus: Int? = nil) {
        guard let connection = connections.removeValue(forKey: id.raw) else { return }
        connection.release()
        connection.leaveTLSGate()
        onEvent(.connectFailed(id, reason: failure, httpStatus: httpStatus))
    }

    /// Ends an open connection.
    func finishClosed(_ id: ConnectionID) {
        guard let connection = connections.removeValue(forKey: id.raw) else { return }
        connection.release()
        connection.leaveTLSGate()
        let close = connection.peerClose ?? connection.localClose
        if connection.established {
            onEvent(.closed(id, code: close?.code, reason: close?.reason ?? "connection dropped"))
        } else {
            onEvent(.connectFailed(id, reason: close?.reason ?? "connection dropped before the handshake finished"))
        }
    }

    /// Writes at most one queued message on `wsi`; returns -1 to make lws close it.
    func writeNext(on connection: ClientConnection, wsi: OpaquePointer) -> Int32 {
        if let message = connection.dequeue() {
            let pre = swipe_lws_pre()
            if message.count > writeCapacity {
                writeBuffer.deallocate()
                writeCapacity = max(message.count, writeCapacity * 2)
                writeBuffer = UnsafeMutableRawPointer.allocate(byteCount: writeCapacity + pre, alignment: 16)
            }
            let payload = writeBuffer.advanced(by: pre)
            message.withUnsafeBytes { raw in
                if let base = raw.baseAddress { payload.copyMemory(from: base, byteCount: raw.count) }
            }
            let written = lws_write(wsi, payload.assumingMemoryBound(to: UInt8.self), message.count, LWS_WRITE_TEXT)
            if written < message.count { return -1 }
            if connection.hasQueuedWork { lws_callback_on_writable(wsi) }
            return 0
        }
        if let close = connection.pendingClose {
            connection.localClose = close
            connection.pendingClose = nil
            var reason = Array(close.reason.utf8.prefix(123))
            reason.withUnsafeMutableBufferPointer { buffer in
                lws_close_reason(wsi, lws_close_status(rawValue: UInt32(close.code)), buffer.baseAddress, buffer.count)
            }
            return -1
        }
        return 0
    }
}
