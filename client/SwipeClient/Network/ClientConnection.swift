// Shell: one client connection's state. Created, used and released only on the client loop's
// service thread (ClientLoopCore and the lws callback).
import CLibWebSockets
import Foundation
import SwipeClientCore
import SwipeProtocol

/// A close code and reason.
struct CloseInfo {
    var code: UInt16
    var reason: String
}

final class ClientConnection {
    let id: ConnectionID
    let url: WebSocketURL
    var wsi: OpaquePointer?
    var established = false
    /// Close requested locally, sent once the outbox is empty.
    var pendingClose: CloseInfo?
    /// Close we sent.
    var localClose: CloseInfo?
    /// Close the peer sent.
    var peerClose: CloseInfo?
    /// The message being received, accumulated over fragments.
    var incoming: [UInt8] = []
    /// Its TLS handshake is counted by `TLSHandshakeGate` (until established, failed or closed).
    var holdsTLSGate = false

    // C strings handed to lws for the connect call; freed by `release`.
    let address: UnsafeMutablePointer<CChar>
    let path: UnsafeMutablePointer<CChar>
    let hostHeader: UnsafeMutablePointer<CChar>
    let subprotocol: UnsafeMutablePointer<CChar>
    /// The local address to bind to and the X-Forwarded-For value (the SSH gateway's ConnectOrigin).
    let bindAddress: UnsafeMutablePointer<CChar>?
    let forwardedFor: [UInt8]?
    /// The member's key tag (`X-SwipeDeck-Key`), with `forwardedFor`.
    let keyTag: [UInt8]?
    private var released = false

    /// Messages waiting for WRITEABLE, oldest first (compacted past 1,024 taken: a bench client's
    /// outbox can hold thousands while it floods).
    private var outbox = HeadQueue<[UInt8]>(compactAfter: 1024)

    /// Ends this connection's count in `TLSHandshakeGate`, once.
    func leaveTLSGate() {
        guard holdsTLSGate else { return }
        holdsTLSGate = false
        TLSHandshakeGate.handshakeEnded()
    }

    init(id: ConnectionID, url: WebSocketURL, subprotocol: String) {
        self.id = id
        self.url = url
        address = strdup(url.host)
        path = strdup(url.path)
        let defaultPort = url.port == url.scheme.defaultPort
        let shownHost = url.host.contains(":") ? "[\(url.host)]" : url.host
        hostHeader = strdup(defaultPort ? shownHost : "\(shownHost):\(url.port)")
        self.subprotocol = strdup(subprotocol)
        let origin = ConnectOrigin.current
        bindAddress = origin.map { strdup($0.bindAddress) }
        forwardedFor = origin.map { Array($0.header.utf8) }
        keyTag = origin?.keyTag.map { Array($0.utf8) }
    }

    /// Whether a message or a close is waiting for a WRITEABLE callback.
    var hasQueuedWork: Bool { !outbox.isEmpty || pendingClose != nil }

    func enqueue(_ bytes: [UInt8]) {
        guard pendingClose == nil, localClose == nil else { return }
        outbox.append(bytes)
        askToWrite()
    }

    func dequeue() -> [UInt8]? { outbox.popFirst(leaving: []) }

    func requestClose(code: UInt16, reason: String) {
        guard pendingClose == nil, localClose == nil else { return }
        pendingClose = CloseInfo(code: code, reason: reason)
        askToWrite()
    }

    /// Asks lws for a WRITEABLE callback once the connection is open.
    func askToWrite() {
        if established, let wsi { lws_callback_on_writable(wsi) }
    }

    func release() {
        guard !released else { return }
        released = true
        free(address)
        free(path)
        free(hostHeader)
        free(subprotocol)
        free(bindAddress)
        wsi = nil
    }
}
