import Foundation
import SwipeProtocol

/// Where a client's WebSocket connections come from, when it is the SSH gateway's: a local
/// address its sockets are bound to (e.g. `127.0.0.2`, which the server trusts alone with
/// `--trust-proxy 127.0.0.2`), and the member's own address, sent as `X-Forwarded-For` for the
/// server's per-address limits, log and refusals. Set once by `swipe gateway` before the client
/// starts (from sshd's `$SSH_CONNECTION`, which no member can change); nil everywhere else.
///
/// ```swift
/// ConnectOrigin.current = ConnectOrigin(bindAddress: "127.0.0.2", forwardedFor: "203.0.113.9")
/// ConnectOrigin.current?.header   // "203.0.113.9"
/// ```
public struct ConnectOrigin: Hashable, Sendable {
    /// The local address the sockets are bound to before they connect.
    public let bindAddress: String
    /// The address the server is to count instead of `bindAddress` (`X-Forwarded-For`).
    public let forwardedFor: String
    /// A short tag of the member's key (`KeyTag`), sent as `X-SwipeDeck-Key` for the server to show
    /// beside the member's name; nil: none (a guest).
    public let keyTag: String?

    /// An origin; `forwardedFor` is kept only if it is an IP address (nothing else reaches a header).
    ///
    /// ```swift
    /// ConnectOrigin(bindAddress: "127.0.0.2", forwardedFor: "2001:db8::7")?.header   // "2001:db8::7"
    /// ConnectOrigin(bindAddress: "127.0.0.2", forwardedFor: "1.2.3.4\r\nX: y")        // nil
    /// ```
    public init?(bindAddress: String, forwardedFor: String, keyTag: String? = nil) {
        guard Self.isAddress(bindAddress), Self.isAddress(forwardedFor), keyTag.map { KeyTag.isTag($0) } ?? true else { return nil }
        self.bindAddress = bindAddress
        self.forwardedFor = forwardedFor
        self.keyTag = keyTag
    }

    /// The header's value.
    ///
    /// ```swift
    /// ConnectOrigin(bindAddress: "127.0.0.2", forwardedFor: "203.0.113.9")?.header   // "203.0.113.9"
    /// ```
    public var header: String { forwardedFor }

    private static func isAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var stored: ConnectOrigin?

    /// The process's origin: every connection opened after it is set uses it.
    ///
    /// ```swift
    /// ConnectOrigin.current = nil   // connections come from wherever the system routes them
    /// ```
    public static var current: ConnectOrigin? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
