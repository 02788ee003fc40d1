// Shell: libwebsockets client context. Public methods run on any thread and only touch the
// lock-protected inbox, then call `lws_cancel_service`. Everything else (the lws context, every
// wsi, every ClientConnection) is touched only on the loop's own service thread, which also runs
// `onEvent`.
import CLibWebSockets
import Foundation
import SwipeClientCore
import SwipeProtocol

/// One libwebsockets client context plus one service thread, carrying any number of connections.
///
/// ```swift
/// let loop = try WebSocketClientLoop { event in
///     if case .message(_, let bytes) = event { print(String(decoding: bytes, as: UTF8.self)) }
/// }
/// let id = loop.connect(try WebSocketURL(parsing: "ws://127.0.0.1:7700/"))
/// loop.send(Array(#"{"type":"ping","t":1}"#.utf8), on: id)   // queued until the socket opens
/// loop.close(id)
/// loop.shutdown()
/// ```
public final class WebSocketClientLoop: @unchecked Sendable {
    private let core: ClientLoopCore
    private let thread: Thread

    /// Creates the lws context and starts the service thread.
    /// `onEvent` runs on the service thread: keep it cheap and never block in it.
    /// `epoll` runs lws on a libev epoll loop (a wake-up costs O(ready sockets), not O(connections)):
    /// worth it for many connections on one loop, as in swipe-bench; a terminal client has one.
    /// `tls: false` makes a loop that can only open ws:// connections (a wss:// one fails at once
    /// with `connectFailed`): with libwebsockets 4.1, making a TLS-capable context takes a new
    /// process-wide OpenSSL index, which makes a TLS handshake then in flight on another loop of the
    /// same process fail, so a process with several loops gives TLS only to those that need it.
    ///
    /// ```swift
    /// let loop = try WebSocketClientLoop(deflate: false, maxMessageBytes: 64 << 10) { _ in }
    /// let many = try WebSocketClientLoop(deflate: false, epoll: true, tls: url.scheme.usesTLS) { _ in }
    /// ```
    public init(subprotocol: String = ProtocolVersion.offered.joined(separator: ", "), deflate: Bool = true, maxMessageBytes: Int = 1 << 20,
                epoll: Bool = false, tls: Bool = true, onEvent: @escaping @Sendable (WebSocketClientEvent) -> Void) throws {
        let core = try ClientLoopCore(subprotocol: subprotocol, deflate: deflate, maxMessageBytes: maxMessageBytes,
                                      epoll: epoll, tls: tls, onEvent: onEvent)
        self.core = core
        thread = Thread { core.runServiceThread() }
        thread.name = "lws-client"
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { core.shutdown() }

    /// Starts opening a connection; the outcome arrives as `.connected` or `.connectFailed`.
    /// Thread-safe. `insecure` accepts self-signed certificates and any host name (wss only).
    ///
    /// ```swift
    /// let id = loop.connect(try WebSocketURL(parsing: "wss://localhost:7443/"), insecure: true)
    /// ```
    @discardableResult
    public func connect(_ url: WebSocketURL, insecure: Bool = false) -> ConnectionID {
        core.connect(url, insecure: insecure)
    }

    /// Queues one text message; messages on a connection are sent in order. Messages queued before
    /// the connection opens are sent once it does. Sends on closed connections are ignored. Thread-safe.
    ///
    /// ```swift
    /// loop.send(try WireCodec.encode(ClientMessage.ping(Ping(t: 1))), on: id)
    /// ```
    public func send(_ bytes: [UInt8], on id: ConnectionID) {
        core.enqueue(.send(id, bytes))
    }

    /// Closes a connection with a close frame after everything queued before it is sent. Thread-safe.
    ///
    /// ```swift
    /// loop.close(id, code: 1001, reason: "bye")
    /// ```
    public func close(_ id: ConnectionID, code: UInt16 = 1000, reason: String = "") {
        core.enqueue(.close(id, code: code, reason: reason))
    }

    /// Closes every connection (1001, bounded wait), destroys the context and joins the service
    /// thread. Thread-safe and idempotent. Called from `onEvent` (the service thread) it only asks
    /// the loop to stop and returns without joining.
    ///
    /// ```swift
    /// loop.shutdown()
    /// ```
    public func shutdown() {
        core.shutdown()
    }
}

/// Why a client loop could not start.
///
/// ```swift
/// do { _ = try WebSocketClientLoop { _ in } } catch { print(error) }   // only if lws fails to create a context
/// ```
public enum WebSocketClientLoopError: Error, Sendable, CustomStringConvertible {
    case contextCreationFailed

    public var description: String {
        switch self {
        case .contextCreationFailed: return "libwebsockets could not create a client context"
        }
    }
}
