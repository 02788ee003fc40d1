// Shell: the client's connection to the server. Public methods are called from the MAIN thread;
// the loop's events arrive on the lws SERVICE thread, where they are decoded and posted to the
// EventInbox (nothing else is touched there); a failed connect is explained on a background queue. Reconnect timing lives in AppModel, not here.
import Foundation
import SwipeClientCore
import SwipeProtocol

/// One logical connection to the server over `WebSocketClientLoop`: `connect` (re)opens it,
/// events from older connections are ignored.
///
/// ```swift
/// let inbox = EventInbox()
/// let link = try ServerLink(url: try WebSocketURL(parsing: "ws://127.0.0.1:7700/"), inbox: inbox)
/// link.connect()
/// link.send(.ping(Ping(t: 0)))
/// ```
final class ServerLink: @unchecked Sendable {
    let url: WebSocketURL
    let inbox: EventInbox
    private let lock = NSLock()
    private var current: ConnectionID?
    private var loop: WebSocketClientLoop?

    /// Starts the network thread (no connection yet).
    init(url: WebSocketURL, inbox: EventInbox) throws {
        self.url = url
        self.inbox = inbox
        loop = try WebSocketClientLoop(maxMessageBytes: 4 << 20, tls: url.scheme.usesTLS) { [weak self] event in self?.handle(event) }
    }

    private func isCurrent(_ id: ConnectionID) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return current == id
    }

    /// Runs on the service thread.
    private func handle(_ event: WebSocketClientEvent) {
        switch event {
        case let .connected(id):
            if isCurrent(id) { inbox.post(.connected) }
        case let .message(id, bytes):
            guard isCurrent(id) else { return }
            switch WireCodec.decodeServer(bytes) {
            case let .success(message): inbox.post(.server(message))
            case let .failure(error): inbox.post(.serverGarbled(error.message))
            }
        case let .closed(id, code, reason):
            guard isCurrent(id) else { return }
            // A refusal's close carries the server's error ("tooLarge: message is larger than …"):
            // posted as that error first, so the reason reaches the person even when the error
            // message itself was lost to the close (the model ignores it when it already ended).
            if let refusal = Self.refusal(closedWith: code, reason: reason) { inbox.post(.server(.error(refusal))) }
            inbox.post(.disconnected(reason: Self.describe(code: code, reason: reason)))
        case let .connectFailed(id, reason, status):
            guard isCurrent(id) else { return }
            // Finding out why takes a name lookup and a TCP probe: not on the service thread.
            let url = self.url, inbox = self.inbox
            let detail = reason.range(of: "\(url): ").map { String(reason[$0.upperBound...]) } ?? reason
            DispatchQueue.global().async {
                // An upgrade the server turned away: its own reason (JSON), when it gives one, ends the client as a refusal.
                if let status, status >= 400, let refusal = ConnectDiagnosis.refusal(of: url), refusal.message != nil {
                    inbox.post(.connectionRefused(reason: refusal.description))
                    return
                }
                let why = ConnectDiagnosis.explain(host: url.host, port: url.port, lwsDetail: detail, httpStatus: status)
                inbox.post(.disconnected(reason: "cannot connect to \(url): \(why)"))
            }
        }
    }

    /// The server's refusal a close frame carries: 1009 with `"tooLarge: MESSAGE"`.
    ///
    /// ```swift
    /// ServerLink.refusal(closedWith: 1009, reason: "tooLarge: message is larger than 65536 bytes")?.message
    /// // "message is larger than 65536 bytes"
    /// ```
    static func refusal(closedWith code: UInt16?, reason: String) -> ProtocolError? {
        let prefix = ErrorCode.tooLarge.rawValue + ": "
        guard code == 1009, reason.hasPrefix(prefix) else { return nil }
        return ProtocolError(.tooLarge, String(reason.dropFirst(prefix.count)))
    }

    static func describe(code: UInt16?, reason: String) -> String {
        let text = reason.isEmpty ? "connection closed" : reason
        return code.map { "\(text) (\($0))" } ?? text
    }

    /// Opens a new connection, closing the previous one.
    func connect() {
        guard let loop else { return }
        lock.lock()
        let old = current
        lock.unlock()
        // Not 1000: the server takes 1000 as "this person left".
        if let old { loop.close(old, code: Goodbye.reconnecting.code, reason: Goodbye.reconnecting.reason) }
        lock.lock()
        let id = loop.connect(url)
        current = id
        lock.unlock()
    }

    /// Sends a message on the current connection (dropped when there is none).
    func send(_ message: ClientMessage) {
        lock.lock()
        let id = current
        lock.unlock()
        guard let loop, let id, let bytes = try? WireCodec.encode(message) else { return }
        loop.send(bytes, on: id)
    }

    /// Closes the current connection, saying why (`Goodbye`: a quit, or a terminal that went away).
    func disconnect(_ goodbye: Goodbye = .quit) {
        lock.lock()
        let id = current
        current = nil
        lock.unlock()
        if let loop, let id { loop.close(id, code: goodbye.code, reason: goodbye.reason) }
    }

    /// Stops the network thread (blocks briefly); call once, from the main thread.
    func shutdown() {
        disconnect()
        loop?.shutdown()
        loop = nil
    }
}
