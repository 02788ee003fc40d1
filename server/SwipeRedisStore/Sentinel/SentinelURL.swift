/// Where the Sentinels watching a cluster's Redis are, and the name they know its primary by:
/// `redis-sentinel://[USER@]HOST:PORT[,HOST:PORT…]/MASTER` (`--store`). USER is the data
/// connection's ACL user (as in `redis://USER@…`); no password is ever part of it.
///
/// ```swift
/// let url = try SentinelURL(parsing: "redis-sentinel://10.0.0.5:26379,10.0.0.6:26379/swipedeck")
/// url.sentinels.map(\.port)   // [26379, 26379]
/// url.master                  // "swipedeck"
/// ```
public struct SentinelURL: Hashable, Sendable, CustomStringConvertible {
    /// The Sentinels, asked in this order.
    public var sentinels: [RedisURL]
    /// The primary's name in the Sentinels' `sentinel monitor NAME …`.
    public var master: String
    /// The ACL user of the data connection (its password: `--store-password-file`).
    public var username: String?

    public init(sentinels: [RedisURL], master: String, username: String? = nil) {
        self.sentinels = sentinels
        self.master = master
        self.username = username
    }

    static let scheme = "redis-sentinel://"
    static let example = "redis-sentinel://10.0.0.5:26379,10.0.0.6:26379,10.0.0.7:26379/swipedeck"

    /// Whether `text` asks for Sentinel (and so must be parsed by this type).
    ///
    /// ```swift
    /// SentinelURL.isSentinel("redis-sentinel://h:26379/m")   // true
    /// ```
    public static func isSentinel(_ text: String) -> Bool { text.lowercased().hasPrefix(scheme) }

    /// Parses `redis-sentinel://[USER@]HOST:PORT[,HOST:PORT…]/MASTER`; the error names the part
    /// that is wrong and shows a good one.
    ///
    /// ```swift
    /// try SentinelURL(parsing: "redis-sentinel://s1,s2:26380/main")   // s1:26379, s2:26380, master "main"
    /// ```
    public init(parsing text: String) throws {
        guard Self.isSentinel(text) else {
            throw RedisURLError("\"\(text)\" is not a Sentinel URL: expected redis-sentinel://HOST:PORT[,HOST:PORT…]/MASTER, e.g. \(Self.example)")
        }
        var rest = Substring(text.dropFirst(Self.scheme.count))
        guard let slash = rest.firstIndex(of: "/") else {
            throw RedisURLError("\"\(text)\" names no primary: add /MASTER, the name in sentinel.conf's `sentinel monitor MASTER …` (e.g. \(Self.example))")
        }
        let master = String(rest[rest.index(after: slash)...])
        rest = rest[..<slash]
        guard !master.isEmpty, !master.contains("/"), !master.contains(where: \.isWhitespace) else {
            throw RedisURLError("\"\(text)\": the primary's name after / must be one word without / or spaces (got \"\(master)\")")
        }
        var username: String?
        if let at = rest.lastIndex(of: "@") {
            let user = rest[..<at]
            if user.contains(":") {
                throw RedisURLError("\"\(text)\": a password in the URL is refused (every user of the machine sees the command line): "
                    + "the data password goes in --store-password-file or \(RedisCredentials.environmentVariable), "
                    + "Sentinel's in --sentinel-password-file or \(RedisCredentials.sentinelVariable)")
            }
            guard !user.isEmpty else { throw RedisURLError("\"\(text)\": nothing before the @ (expected redis-sentinel://USER@HOST:PORT/MASTER)") }
            username = String(user)
            rest = rest[rest.index(after: at)...]
        }
        guard !rest.isEmpty else { throw RedisURLError("\"\(text)\" names no Sentinel: expected HOST:PORT before /\(master)") }
        var sentinels: [RedisURL] = []
        for (index, part) in rest.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            guard !part.isEmpty else { throw RedisURLError("\"\(text)\": Sentinel \(index + 1) is empty (a stray comma?)") }
            do {
                var sentinel = try RedisURL(parsing: "redis://" + part)
                if !part.contains(":") { sentinel.port = 26379 }
                sentinels.append(sentinel)
            } catch {
                throw RedisURLError("\"\(text)\": Sentinel \(index + 1) (\"\(part)\") is not HOST:PORT")
            }
        }
        self.init(sentinels: sentinels, master: master, username: username)
    }

    public var description: String {
        "redis-sentinel://\(username.map { $0 + "@" } ?? "")\(sentinels.map { "\($0.host):\($0.port)" }.joined(separator: ","))/\(master)"
    }
}
