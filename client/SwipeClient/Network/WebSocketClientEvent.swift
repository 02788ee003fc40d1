/// Identifies one connection opened by a `WebSocketClientLoop` (unique within that loop).
///
/// ```swift
/// let id = loop.connect(url)
/// loop.send(Array("hi".utf8), on: id)
/// id.raw   // 1, 2, 3, … in connect order
/// ```
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    public let raw: Int

    /// Wraps a raw id (tests and tables; the loop hands out its own).
    ///
    /// ```swift
    /// ConnectionID(raw: 7).description   // "conn#7"
    /// ```
    public init(raw: Int) { self.raw = raw }

    public var description: String { "conn#\(raw)" }
}

/// What happened on a connection; delivered to `onEvent` on the loop's service thread.
///
/// ```swift
/// let loop = try WebSocketClientLoop { event in
///     switch event {
///     case .connected(let id): print(id, "open")
///     case .message(let id, let bytes): print(id, bytes.count, "bytes")
///     case .closed(let id, let code, let reason): print(id, "closed", code ?? 0, reason)
///     case .connectFailed(let id, let reason, let status): print(id, "failed:", reason, status ?? 0)
///     }
/// }
/// ```
public enum WebSocketClientEvent: Sendable {
    /// The WebSocket handshake completed.
    case connected(ConnectionID)
    /// A complete text message (all fragments joined).
    case message(ConnectionID, [UInt8])
    /// The connection ended after it was open (or a close was requested before it opened).
    /// `code` is the peer's close code, or ours when we closed, or nil when the socket just dropped.
    case closed(ConnectionID, code: UInt16?, reason: String)
    /// The connection never opened: refused, unresolved, TLS or handshake failure. `httpStatus`:
    /// what the server answered the upgrade with, when it answered one other than 101.
    case connectFailed(ConnectionID, reason: String, httpStatus: Int? = nil)
}
