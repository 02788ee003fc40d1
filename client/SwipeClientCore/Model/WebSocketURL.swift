/// A parsed `ws://` or `wss://` address: what the client loop needs to open a connection.
///
/// ```swift
/// let url = try WebSocketURL(parsing: "wss://swipe.example:9443/rooms?x=1")
/// url.scheme   // .wss
/// url.host     // "swipe.example"
/// url.port     // 9443
/// url.path     // "/rooms?x=1"
/// (try WebSocketURL(parsing: "ws://[::1]")).port   // 80
/// ```
public struct WebSocketURL: Hashable, Sendable, CustomStringConvertible {
    /// Plain (`ws`) or TLS (`wss`).
    ///
    /// ```swift
    /// WebSocketURL.Scheme.wss.defaultPort   // 443
    /// ```
    public enum Scheme: String, Hashable, Sendable, CaseIterable {
        case ws, wss

        /// The port used when the URL names none.
        public var defaultPort: Int {
            switch self {
            case .ws: return 80
            case .wss: return 443
            }
        }

        /// Whether the connection uses TLS.
        public var usesTLS: Bool {
            switch self {
            case .ws: return false
            case .wss: return true
            }
        }
    }

    public var scheme: Scheme
    /// The host name or address, without brackets for IPv6 literals.
    public var host: String
    public var port: Int
    /// The path including any query, always starting with `/`.
    public var path: String

    /// Builds a URL from parts.
    ///
    /// ```swift
    /// WebSocketURL(scheme: .ws, host: "127.0.0.1", port: 7700).description   // "ws://127.0.0.1:7700/"
    /// ```
    public init(scheme: Scheme, host: String, port: Int, path: String = "/") {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path.hasPrefix("/") ? path : "/" + path
    }

    /// Parses `ws[s]://host[:port][/path][?query]`, or throws a `WebSocketURLError` saying what was wrong.
    ///
    /// ```swift
    /// try WebSocketURL(parsing: "http://x")   // throws: unsupported scheme "http" in "http://x" (use ws:// or wss://)
    /// ```
    public init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw WebSocketURLError.empty }
        if let bad = trimmed.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.value < 0x20 }) {
            throw WebSocketURLError.invalidCharacter(text, String(bad).debugDescription)
        }
        guard let schemeEnd = trimmed.range(of: "://") else { throw WebSocketURLError.missingScheme(text) }
        let schemeText = String(trimmed[..<schemeEnd.lowerBound])
        guard let scheme = Scheme(rawValue: schemeText.lowercased()) else {
            throw WebSocketURLError.unsupportedScheme(text, schemeText)
        }
        let rest = trimmed[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var pathPart = String(rest[authorityEnd...])
        if let hash = pathPart.firstIndex(of: "#") { pathPart = String(pathPart[..<hash]) }
        if pathPart.hasPrefix("?") { pathPart = "/" + pathPart }
        if pathPart.isEmpty { pathPart = "/" }
        if authority.contains("@") { throw WebSocketURLError.userInfoNotSupported(text) }

        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw WebSocketURLError.badHost(text, String(authority)) }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw WebSocketURLError.badHost(text, String(authority)) }
                portText = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
            if host.contains(":") || portText?.contains(":") == true {
                throw WebSocketURLError.badHost(text, String(authority))
            }
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw WebSocketURLError.missingHost(text) }
        var port = scheme.defaultPort
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value), portText.allSatisfy(\.isASCII) else {
                throw WebSocketURLError.badPort(text, String(portText))
            }
            port = value
        }
        self.init(scheme: scheme, host: String(host), port: port, path: pathPart)
    }

    /// The URL as text, always with an explicit port.
    public var description: String {
        "\(scheme.rawValue)://\(authority)\(path)"
    }

    /// The same server over plain HTTP(S), without a path: where `/decks`, results and pictures are.
    ///
    /// ```swift
    /// try WebSocketURL(parsing: "wss://[::1]:443/ROOM").httpBase   // "https://[::1]:443"
    /// ```
    public var httpBase: String {
        (scheme.usesTLS ? "https" : "http") + "://" + authority
    }

    /// `host:port`, an IPv6 host in brackets.
    private var authority: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}

/// Why a WebSocket URL could not be parsed; each case quotes the offending text.
///
/// ```swift
/// do { _ = try WebSocketURL(parsing: "ws://host:99999") } catch { print(error) }
/// // bad port "99999" in "ws://host:99999" (expected a number from 1 to 65535)
/// ```
public enum WebSocketURLError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case invalidCharacter(String, String)
    case missingScheme(String)
    case unsupportedScheme(String, String)
    case missingHost(String)
    case badHost(String, String)
    case badPort(String, String)
    case userInfoNotSupported(String)

    public var description: String {
        switch self {
        case .empty:
            return "empty URL (expected ws://host:port or wss://host:port)"
        case let .invalidCharacter(url, character):
            return "URL \"\(url)\" contains the character \(character), which is not allowed"
        case let .missingScheme(url):
            return "URL \"\(url)\" has no scheme (expected ws://host:port or wss://host:port)"
        case let .unsupportedScheme(url, scheme):
            return "unsupported scheme \"\(scheme)\" in \"\(url)\" (use ws:// or wss://)"
        case let .missingHost(url):
            return "URL \"\(url)\" has no host"
        case let .badHost(url, authority):
            return "bad host \"\(authority)\" in \"\(url)\" (write IPv6 addresses in brackets: ws://[::1]:7700)"
        case let .badPort(url, port):
            return "bad port \"\(port)\" in \"\(url)\" (expected a number from 1 to 65535)"
        case let .userInfoNotSupported(url):
            return "URL \"\(url)\" contains user information (user@host), which is not supported"
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return self[first...last]
    }
}
