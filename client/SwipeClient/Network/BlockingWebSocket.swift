// Shell: a synchronous WebSocket for tests and tools. Its own WebSocketClientLoop's service thread
// appends events to `received` under `condition`; the calling thread blocks on that condition with
// deadlines. Never use it from the client's UI loop.
import Foundation
import SwipeClientCore
import SwipeProtocol

/// One connection you drive synchronously: connect with a deadline, send messages, wait for replies.
///
/// ```swift
/// let socket = try BlockingWebSocket(url: try WebSocketURL(parsing: "ws://127.0.0.1:7700/"), timeout: 5)
/// socket.send(.create(CreateRoom(name: "Ana", deck: "movies")))
/// if case .welcome(let welcome)? = socket.receive(until: { $0.type == "welcome" }, timeout: 5) {
///     print(welcome.room)
/// }
/// socket.close()
/// ```
public final class BlockingWebSocket: @unchecked Sendable {
    private let condition = NSCondition()
    private var received: [[UInt8]] = []
    private var receivedHead = 0
    private var state: State = .connecting
    private var loop: WebSocketClientLoop?
    private var id = ConnectionID(raw: 0)

    private enum State {
        case connecting, open, failed(String), closed(code: UInt16?, reason: String)
    }

    /// Messages that were not valid server messages, with what was wrong (skipped by `receive`).
    public private(set) var undecodable: [String] = []

    /// Connects, waiting at most `timeout` seconds; throws `BlockingWebSocketError` on failure.
    ///
    /// ```swift
    /// let socket = try BlockingWebSocket(url: url, timeout: 2, deflate: false)
    /// ```
    public init(url: WebSocketURL, timeout: Double = 5, insecure: Bool = false, deflate: Bool = true,
                subprotocol: String = ProtocolVersion.subprotocolV1) throws {
        let loop = try WebSocketClientLoop(subprotocol: subprotocol, deflate: deflate, tls: url.scheme.usesTLS) { [weak self] event in
            self?.record(event)
        }
        self.loop = loop
        condition.lock()
        id = loop.connect(url, insecure: insecure)
        let deadline = Date().addingTimeInterval(timeout)
        while case .connecting = state {
            if !condition.wait(until: deadline) { break }
        }
        let outcome = state
        condition.unlock()
        switch outcome {
        case .open:
            return
        case .connecting:
            loop.shutdown()
            throw BlockingWebSocketError.timedOut("connecting to \(url) took longer than \(timeout) s")
        case .failed(let reason):
            loop.shutdown()
            throw BlockingWebSocketError.connectFailed(reason)
        case let .closed(code, reason):
            loop.shutdown()
            throw BlockingWebSocketError.connectFailed("closed while connecting (\(code.map(String.init) ?? "no code")): \(reason)")
        }
    }

    deinit { loop?.shutdown() }

    /// Whether the connection is still open.
    ///
    /// ```swift
    /// socket.isOpen   // false after the server closes
    /// ```
    public var isOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        if case .open = state { return true }
        return false
    }

    /// The close code and reason once the connection closed (code nil when it just dropped).
    ///
    /// ```swift
    /// socket.closeStatus?.code   // 1000
    /// ```
    public var closeStatus: (code: UInt16?, reason: String)? {
        condition.lock()
        defer { condition.unlock() }
        if case let .closed(code, reason) = state { return (code, reason) }
        return nil
    }

    /// Encodes and sends a message; returns false if it could not be encoded or the socket is closed.
    ///
    /// ```swift
    /// socket.send(.ping(Ping(t: 1)))
    /// ```
    @discardableResult
    public func send(_ message: ClientMessage) -> Bool {
        guard let bytes = try? WireCodec.encode(message) else { return false }
        return sendRaw(bytes)
    }

    /// Sends raw bytes as a text frame (for tests of bad input).
    ///
    /// ```swift
    /// socket.sendRaw(Array("not json".utf8))
    /// ```
    @discardableResult
    public func sendRaw(_ bytes: [UInt8]) -> Bool {
        guard isOpen, let loop else { return false }
        loop.send(bytes, on: id)
        return true
    }

    /// The next raw message, or nil after `timeout` seconds or once closed with nothing left.
    ///
    /// ```swift
    /// let bytes = socket.receiveRaw(timeout: 1)
    /// ```
    public func receiveRaw(timeout: Double) -> [UInt8]? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while receivedHead == received.count {
            if case .open = state {} else { return nil }
            if !condition.wait(until: deadline) && receivedHead == received.count { return nil }
        }
        let message = received[receivedHead]
        receivedHead += 1
        if receivedHead == received.count {
            received.removeAll(keepingCapacity: true)
            receivedHead = 0
        }
        return message
    }

    /// The next server message, or nil on timeout or close. Undecodable frames are skipped and
    /// recorded in `undecodable`.
    ///
    /// ```swift
    /// if case .pong(let pong)? = socket.receive(timeout: 1) { print(pong.t) }
    /// ```
    public func receive(timeout: Double) -> ServerMessage? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard let bytes = receiveRaw(timeout: max(0, left)) else { return nil }
            switch WireCodec.decodeServer(bytes) {
            case .success(let message): return message
            case .failure(let error):
                condition.lock()
                undecodable.append("\(error.message): \(String(decoding: bytes.prefix(200), as: UTF8.self))")
                condition.unlock()
            }
        }
    }

    /// The first message matching `predicate` within `timeout` seconds; messages before it are discarded.
    ///
    /// ```swift
    /// let tally = socket.receive(until: { $0.type == "tally" }, timeout: 2)
    /// ```
    public func receive(until predicate: (ServerMessage) -> Bool, timeout: Double) -> ServerMessage? {
        let deadline = Date().addingTimeInterval(timeout)
        while let message = receive(timeout: max(0, deadline.timeIntervalSinceNow)) {
            if predicate(message) { return message }
        }
        return nil
    }

    /// Closes the connection (waiting up to a second for the close handshake) and stops the loop.
    ///
    /// ```swift
    /// socket.close(code: 1000, reason: "done")
    /// ```
    public func close(code: UInt16 = 1000, reason: String = "") {
        guard let loop else { return }
        loop.close(id, code: code, reason: reason)
        let deadline = Date().addingTimeInterval(1)
        condition.lock()
        while case .open = state {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
        loop.shutdown()
    }

    private func record(_ event: WebSocketClientEvent) {
        condition.lock()
        switch event {
        case .connected:
            state = .open
        case .message(_, let bytes):
            received.append(bytes)
        case let .closed(_, code, reason):
            state = .closed(code: code, reason: reason)
        case .connectFailed(_, let reason, _):
            state = .failed(reason)
        }
        condition.broadcast()
        condition.unlock()
    }
}

/// Why a BlockingWebSocket could not connect.
///
/// ```swift
/// do { _ = try BlockingWebSocket(url: url, timeout: 1) } catch { print(error) }
/// ```
public enum BlockingWebSocketError: Error, Sendable, CustomStringConvertible {
    case connectFailed(String)
    case timedOut(String)

    public var description: String {
        switch self {
        case .connectFailed(let reason): return "connect failed: \(reason)"
        case .timedOut(let reason): return "timed out: \(reason)"
        }
    }
}
