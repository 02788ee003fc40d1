import Foundation

/// The hosts a room's `notify` webhook may name (`swipe-server --notify-allow HOST[,HOST…]`), any
/// port on them. The default is none: every `notify` is refused. A URL passes only when it is
/// `http://` or `https://`, has no user name or password, names a listed host (letters, digits,
/// dots and dashes, or a bracketed IPv6 address, compared without case or a trailing dot), and
/// is made of the plain characters URLs are (no spaces, backslashes, `@`, `#` or control
/// characters), so that what is checked here is what libcurl connects to. Pure.
///
/// ```swift
/// let allow = try NotifyAllowList(parsing: ["hooks.slack.com,127.0.0.1"])
/// allow.refusal(for: "https://hooks.slack.com/services/T0/B0/x")   // nil: allowed
/// allow.refusal(for: "https://evil.example/x")                     // "… is not one of swipe-server's --notify-allow hosts …"
/// ```
public struct NotifyAllowList: Hashable, Sendable {
    /// The listed hosts, lowercased, without a trailing dot; IPv6 without its brackets.
    public private(set) var hosts: Set<String>

    /// The longest `notify` URL taken.
    public static let maxURLLength = 2048

    /// No host: every `notify` is refused (the default).
    ///
    /// ```swift
    /// NotifyAllowList().isEmpty   // true
    /// ```
    public init() { hosts = [] }

    /// Reads each `--notify-allow` value: hosts separated by commas (blank entries skipped). A host
    /// that is not a plain name or IP address (a scheme, a port, a path, a wildcard) is refused,
    /// naming the flag.
    ///
    /// ```swift
    /// try NotifyAllowList(parsing: ["chat.example.org, [::1]"]).hosts   // ["chat.example.org", "::1"]
    /// ```
    public init(parsing values: [String]) throws(NotifyAllowListError) {
        hosts = []
        for value in values {
            for part in value.split(separator: ",") {
                let entry = part.trimmingCharacters(in: .whitespaces)
                if entry.isEmpty { continue }
                guard let host = Self.host(entry) else {
                    throw NotifyAllowListError(description: "--notify-allow takes host names or IP addresses separated by commas (any port on them), e.g. hooks.slack.com,127.0.0.1; \"\(String(entry.prefix(100)))\" is not one")
                }
                hosts.insert(host)
            }
        }
    }

    /// No host is allowed.
    ///
    /// ```swift
    /// try NotifyAllowList(parsing: [""]).isEmpty   // true
    /// ```
    public var isEmpty: Bool { hosts.isEmpty }

    /// Why `url` may not be a room's webhook, or nil when it may. The message names `notify` and
    /// the flag, for the refused `create`'s `error`; it never repeats the URL (a hook's path is
    /// often its secret), only the host.
    ///
    /// ```swift
    /// NotifyAllowList().refusal(for: "https://hooks.example/x")   // "create: notify: … --notify-allow …"
    /// ```
    public func refusal(for url: String) -> String? {
        guard url.utf8.count <= Self.maxURLLength else {
            return "create: notify: the webhook URL is longer than \(Self.maxURLLength) bytes"
        }
        guard let parsed = WebhookURL(parsing: url) else {
            return "create: notify: not an http:// or https:// URL without a user name (https://HOST[:PORT]/PATH, plain URL characters)"
        }
        guard hosts.contains(parsed.host) else {
            let listed = hosts.isEmpty ? "this server allows no webhook host (start it with --notify-allow HOST[,HOST…])"
                                       : "swipe-server --notify-allow lists \(hosts.sorted().joined(separator: ", "))"
            return "create: notify: \(parsed.host) is not one of swipe-server's --notify-allow hosts: \(listed)"
        }
        return nil
    }

    /// A listed host's canonical form, or nil when `entry` is not a bare host name or IP address.
    static func host(_ entry: String) -> String? {
        var text = entry.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if text.hasSuffix(".") { text.removeLast() }
        guard !text.isEmpty, text.utf8.count <= 253 else { return nil }
        if text.contains(":") { return text.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) ? text : nil }
        return text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
            && !text.hasPrefix(".") && !text.contains("..") ? text : nil
    }
}

/// A `--notify-allow` value that is not a list of hosts (the message names the flag).
///
/// ```swift
/// NotifyAllowListError(description: "--notify-allow …").description
/// ```
public struct NotifyAllowListError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}
