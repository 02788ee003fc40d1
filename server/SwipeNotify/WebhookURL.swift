/// A webhook URL read strictly: `http` or `https`, then `//`, a host (a name of letters, digits,
/// dots and dashes, or a bracketed IPv6 address), an optional port (1–65535), and an optional path
/// and query of URL characters. No user name or password (`@` is refused anywhere), no fragment,
/// no backslash, space or control character: a URL libcurl could read as another host is never
/// taken. Pure.
///
/// ```swift
/// WebhookURL(parsing: "https://Hooks.Example.org:8443/T0/x?y=1")?.host   // "hooks.example.org"
/// WebhookURL(parsing: "https://hooks.example.org@evil.example/")          // nil
/// ```
public struct WebhookURL: Hashable, Sendable {
    /// `http` or `https`.
    public var scheme: String
    /// Lowercased, without a trailing dot; an IPv6 address without its brackets.
    public var host: String
    public var port: Int?

    /// Reads `text`, or nil when it is not such a URL.
    ///
    /// ```swift
    /// WebhookURL(parsing: "http://[::1]:9000/x")?.port   // 9000
    /// ```
    public init?(parsing text: String) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?[]!$&'()*+,;=%")
        guard text.allSatisfy({ allowed.contains($0) }) else { return nil }
        let lower = text.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") { scheme = "https" } else if lower.hasPrefix("http://") { scheme = "http" } else { return nil }
        let rest = text.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let hostPart: Substring
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[authority.startIndex...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portPart = after.dropFirst()
            }
        } else {
            let pieces = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            hostPart = pieces.first ?? ""
            if pieces.count == 2 { portPart = pieces[1] }
        }
        guard let host = NotifyAllowList.host(String(hostPart)) else { return nil }
        if hostPart.hasPrefix("[") != host.contains(":") { return nil }   // IPv6 only in brackets
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let port = Int(portPart), (1...65535).contains(port) else { return nil }
            self.port = port
        } else {
            port = nil
        }
        let tail = rest.dropFirst(authority.count)
        if tail.contains("[") || tail.contains("]") { return nil }
        self.scheme = scheme
        self.host = host
    }
}
