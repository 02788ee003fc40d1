// The server as an object: owns the lws context and its one service thread.
// `start` and `stop` may be called from any thread; everything else happens on the service thread
// ("swipe-server lws"), which is the only thread that touches lws or the ServerShell.
import SwipeRoomDriver
import CLibWebSockets
import Foundation
import Logging
import SwipeBackend
import SwipeProtocol

/// Runs a SwipeDeck server: WebSocket (subprotocol "swipedeck.v1", optional permessage-deflate, optional TLS)
/// and plain HTTP on one port, served by one thread.
///
/// ```swift
/// let host = SwipeServerHost(configuration: ServerConfiguration(port: 0))
/// let port = try host.start()          // e.g. 40123
/// print("listening on 127.0.0.1:\(port)")
/// host.stop()                          // closes every connection with 1001 going away
/// ```
public final class SwipeServerHost: @unchecked Sendable {
    public let configuration: ServerConfiguration
    private let shell: ServerShell
    private var context: OpaquePointer?
    private var thread: Thread?
    private let stopped = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var running = false
    private var stoppedByStorageFailure: String?
    private var cStrings: [UnsafeMutablePointer<CChar>] = []
    private var protocols: UnsafeMutablePointer<lws_protocols>?
    private var extensions: UnsafeMutablePointer<lws_extension>?
    private var retry: UnsafeMutablePointer<lws_retry_bo_t>?
    /// The libev (epoll) loop lws runs on with `.epoll`, with its nudge (nil with `.poll`).
    private var driver: UnsafeMutablePointer<swipe_ev_driver>?

    /// Bytes of request line and headers lws keeps per request: room for an over-long URL to be
    /// answered 414 (`HTTPRoutes.maxPathBytes`); a request head larger than this is dropped unanswered.
    static let maxHeaderBytes = 12 * 1024

    /// Most bytes one send() is offered (`lws_protocols.tx_packet_size`): two write batches
    /// (`ServerShell.batchBytes`), so a batch and the frame that ends it go in one call; what the
    /// socket does not take, lws keeps and sends first at the next WRITEABLE.
    static let sendBytes = 2 * ServerShell.batchBytes

    /// The port actually bound (after `start`).
    public private(set) var port = 0

    public init(configuration: ServerConfiguration) {
        self.configuration = configuration
        shell = ServerShell(configuration: configuration)
    }

    deinit {
        stop()
        for string in cStrings { free(string) }
        protocols?.deallocate()
        extensions?.deallocate()
        retry?.deallocate()
    }

    /// Binds the port, starts the service thread, and returns the bound port (port 0 picks one).
    ///
    /// ```swift
    /// let port = try SwipeServerHost(configuration: ServerConfiguration(port: 0)).start()
    /// ```
    public func start() throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard !running else { return port }
        try shell.backend.restore()
        lws_set_log_level(LLL_ERR | LLL_WARN, swipeServerLWSLog)
        var info = lws_context_creation_info()
        info.port = Int32(configuration.port)
        info.iface = UnsafePointer(own(configuration.host))
        info.protocols = UnsafePointer(makeProtocols())
        if configuration.deflate { info.extensions = UnsafePointer(makeExtensions()) }
        info.retry_and_idle_policy = UnsafePointer(makeRetry())
        info.user = Unmanaged.passUnretained(shell).toOpaque()
        info.max_http_header_data = UInt16(Self.maxHeaderBytes)
        info.gid = -1
        info.uid = -1
        info.options = swipe_lws_option_validate_utf8()
        if !configuration.host.contains(":") { info.options |= swipe_lws_option_disable_ipv6() }
        if let certificate = configuration.tlsCertificatePath, let key = configuration.tlsPrivateKeyPath {
            info.options |= swipe_lws_option_do_ssl_global_init()
            info.ssl_cert_filepath = UnsafePointer(own(certificate))
            info.ssl_private_key_filepath = UnsafePointer(own(key))
        } else if configuration.tlsCertificatePath != nil || configuration.tlsPrivateKeyPath != nil {
            throw ServerStartError(description: "TLS needs both --tls-cert and --tls-key")
        }
        if configuration.eventLoop == .epoll {
            driver = swipe_ev_driver_attach(&info)
            if driver == nil { configuration.logger.warning("epoll is not available; using lws's poll() loop") }
        }
        var (created, budget) = DescriptorLimit.whileLowered { lws_create_context(&info) }
        if created == nil, let refused = driver {
            // No libev plugin (libwebsockets-evlib-ev) or it refused the loop: lws's own poll() loop still works.
            swipe_ev_driver_detach(&info, refused)
            driver = nil
            (created, budget) = DescriptorLimit.whileLowered { lws_create_context(&info) }
            if created != nil { configuration.logger.warning("the libev event loop was refused; using lws's poll() loop") }
        }
        shell.sockets.descriptorBudget = budget
        guard let context = created else {
            throw ServerStartError(description: "cannot listen on \(configuration.host):\(configuration.port) (address in use, bad address, or unreadable TLS files)")
        }
        self.context = context
        shell.loop.context = context
        let vhost = lws_get_vhost_by_name(context, "default")
        port = vhost.map { Int(lws_get_vhost_listen_port($0)) } ?? configuration.port
        shell.loop.wakesByNudge = driver != nil
        do {
            try shell.backend.start(eventLoop: driver.flatMap { swipe_ev_driver_loop($0) })
        } catch {
            lws_context_destroy(context)
            throw error
        }
        shell.armWakeTimer()   // the first deadline; afterwards the service thread re-arms it
        shell.inbox.acceptWakeups(for: context)
        shell.startWebhooks(port: port)
        running = true
        let thread = Thread { [self] in serviceLoop() }
        thread.name = "swipe-server lws"
        self.thread = thread
        thread.start()
        configuration.logger.info("listening on \(configuration.host):\(port)")
        return port
    }

    /// Closes every connection with 1001 "going away" and waits for the service thread to end.
    /// Safe to call more than once and from any thread but the service thread.
    ///
    /// ```swift
    /// host.stop()
    /// ```
    public func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        guard wasRunning else { return }
        shell.requestStop()
        waitUntilStopped()
    }

    /// Blocks until the server has stopped (after `stop()` from another thread, e.g. a signal handler).
    ///
    /// ```swift
    /// host.waitUntilStopped()
    /// ```
    public func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    /// Why the server stopped on its own, when it did: the durable log could not be written (disk
    /// full, read-only file system, I/O error). nil after a requested stop. Read it after
    /// `waitUntilStopped()`; the command exits with `SwipeServerHost.storageFailureExitCode`.
    ///
    /// ```swift
    /// host.waitUntilStopped()
    /// if let failure = host.storageFailure { print(failure); exit(SwipeServerHost.storageFailureExitCode) }
    /// ```
    public var storageFailure: String? {
        lock.lock()
        defer { lock.unlock() }
        return stoppedByStorageFailure
    }

    /// The exit status for a stop caused by the durable log (EX_IOERR from sysexits.h).
    public static let storageFailureExitCode: Int32 = SwipeRoomDriver.storageFailureExitCode

    /// What `/healthz` reports, asked of the service thread (nil when not running or no answer in 2 s).
    ///
    /// ```swift
    /// host.status()?.connections   // 3
    /// ```
    public func status() -> ServerStatus? {
        ask { $0.status }
    }

    /// A room's current results, asked of the service thread (nil for an unknown room or when not running).
    ///
    /// ```swift
    /// host.results(room: "K7QM-X4TD-9R")?.ranking.first?.title
    /// ```
    public func results(room: RoomCode) -> Results? {
        ask { $0.registry.room(room)?.results() } ?? nil
    }

    /// Runs `question` on the service thread through the inbox and waits (bounded) for the answer.
    private func ask<T: Sendable>(_ question: @escaping @Sendable (ServerShell) -> T) -> T? {
        lock.lock()
        let isRunning = running
        lock.unlock()
        guard isRunning else { return nil }
        let answer = AnswerBox<T>()
        let done = DispatchSemaphore(value: 0)
        shell.post { shell in
            answer.value = question(shell)
            done.signal()
        }
        guard done.wait(timeout: .now() + 2) == .success else { return nil }
        return answer.value
    }

    private func serviceLoop() {
        guard let context = shell.loop.context else { return }
        if let driver {
            while !shell.loop.finished { swipe_ev_driver_turn(driver, context, shell.secondsUntilNudge) }
        } else {
            while !shell.loop.finished {
                if lws_service(context, 0) < 0 { break }
            }
        }
        shell.loop.disarm()
        shell.backend.stop()
        shell.stopWebhooks()
        shell.inbox.refuseWakeups()
        lws_context_destroy(context)
        if let driver { swipe_ev_driver_free(driver) }
        driver = nil
        shell.loop.context = nil
        lock.lock()
        stoppedByStorageFailure = shell.backend.storageFailure
        lock.unlock()
        configuration.logger.info("stopped")
        stopped.signal()
    }

    private func own(_ string: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(string)!
        cStrings.append(copy)
        return copy
    }

    /// swipedeck.v1 first (lws's default, for clients that offer no subprotocol), then v2, v3 and v4;
    /// one callback serves all and each connection remembers which it chose.
    private func makeProtocols() -> UnsafeMutablePointer<lws_protocols> {
        let names = [ProtocolVersion.subprotocolV1, ProtocolVersion.subprotocolV2, ProtocolVersion.subprotocolV3, ProtocolVersion.subprotocolV4,
                     ProtocolVersion.subprotocol]
        let list = UnsafeMutablePointer<lws_protocols>.allocate(capacity: names.count + 1)
        for (index, name) in names.enumerated() {
            var swipe = lws_protocols()
            swipe.name = UnsafePointer(own(name))
            swipe.callback = swipeServerCallback
            // lws allocates this per connection; client messages are a few hundred bytes, and a
            // larger one (a create with its deck) arrives in pieces the shell joins. 1 KB instead of
            // 16 KB took RSS per active connection from 14.1 KB to 10.5 KB (1,000 clients, paced);
            // 512 bytes took another 0.6 KB (2,000 idle clients: 4.9–5.0 → 4.3–4.4 KB). Without
            // permessage-deflate it bounds nothing else: lws reads a socket into its shared buffer.
            swipe.rx_buffer_size = 512
            // How much one send() is offered. Left at 0, lws offers rx_buffer_size (1 KB) and copies
            // the rest of every larger write (a batch of frames, an HTTP body) onto the heap, sending
            // it 1 KB per turn of the loop; a whole batch, and a frame past its bound, go at once.
            swipe.tx_packet_size = Self.sendBytes
            (list + index).initialize(to: swipe)
        }
        (list + names.count).initialize(to: lws_protocols())
        protocols = list
        return list
    }

    private func makeExtensions() -> UnsafeMutablePointer<lws_extension> {
        let list = UnsafeMutablePointer<lws_extension>.allocate(capacity: 2)
        var deflate = lws_extension()
        deflate.name = UnsafePointer(own("permessage-deflate"))
        deflate.callback = swipe_lws_pm_deflate_callback()
        deflate.client_offer = UnsafePointer(own("permessage-deflate; client_max_window_bits"))
        list.initialize(to: deflate)
        (list + 1).initialize(to: lws_extension())
        extensions = list
        return list
    }

    private func makeRetry() -> UnsafeMutablePointer<lws_retry_bo_t> {
        let policy = UnsafeMutablePointer<lws_retry_bo_t>.allocate(capacity: 1)
        var value = lws_retry_bo_t()
        value.secs_since_valid_ping = UInt16(clamping: configuration.transportLimits.pingIntervalSeconds)
        value.secs_since_valid_hangup = UInt16(clamping: configuration.transportLimits.idleTimeoutSeconds)
        policy.initialize(to: value)
        retry = policy
        return policy
    }
}

/// Carries an answer from the service thread to a waiting caller (written before the semaphore signals).
private final class AnswerBox<T>: @unchecked Sendable {
    var value: T?
}
