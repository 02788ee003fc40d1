/// Finds a cluster's primary through Sentinel, as the Sentinel client spec asks: each Sentinel in
/// turn is asked `SENTINEL get-master-addr-by-name MASTER`; the address it names is confirmed with
/// `ROLE` (a Sentinel may still name a primary that was demoted); the first confirmed one is used.
/// Pure: its inputs are the replies (or why none came), its outputs the next step, so the shell
/// that talks to the sockets stays thin (`SentinelLookup`).
///
/// ```swift
/// var resolver = SentinelResolver(url: try SentinelURL(parsing: "redis-sentinel://s1:26379,s2:26379/main"))
/// resolver.start()                                     // .ask(sentinel: s1:26379, command: [SENTINEL, get-master-addr-by-name, main])
/// resolver.sentinelAnswered(.array([.string(Array("10.0.0.5".utf8)), .string(Array("6379".utf8))]))
///                                                      // .confirm(primary: 10.0.0.5:6379, command: [ROLE])
/// resolver.roleAnswered(.array([.string(Array("master".utf8))]))   // .found(10.0.0.5:6379)
/// ```
public struct SentinelResolver: Sendable {
    /// What to do next.
    public enum Step: Hashable, Sendable {
        /// Connect to this Sentinel (AUTH with the Sentinels' password, if any) and send `command`.
        case ask(sentinel: RedisURL, command: [String])
        /// Connect to the named primary (AUTH with the data password, if any) and send `command`.
        case confirm(primary: RedisURL, command: [String])
        /// The primary, confirmed by its own ROLE.
        case found(RedisURL)
        /// No Sentinel named a primary that says it is one; the text says what each answered.
        case failed(String)
    }

    public let url: SentinelURL
    /// The Sentinel asked now (an index into `url.sentinels`).
    private var current = 0
    private var candidate: RedisURL?
    private var reasons: [String] = []

    public init(url: SentinelURL) { self.url = url }

    /// The first step: ask the first Sentinel.
    ///
    /// ```swift
    /// resolver.start()   // .ask(sentinel: …, command: ["SENTINEL", "get-master-addr-by-name", "main"])
    /// ```
    public mutating func start() -> Step {
        current = 0
        candidate = nil
        reasons = []
        return ask()
    }

    private func ask() -> Step {
        .ask(sentinel: url.sentinels[current], command: ["SENTINEL", "get-master-addr-by-name", url.master])
    }

    /// The asked Sentinel answered (`[host, port]`, nil when it knows no such primary, or an error).
    public mutating func sentinelAnswered(_ reply: RedisValue) -> Step {
        if case let .error(text) = reply {
            let hint = text.hasPrefix("NOAUTH") ? " (the Sentinels ask for a password: put it in a file for --sentinel-password-file, "
                + "or in \(RedisCredentials.sentinelVariable))" : ""
            return next("answered \(text)\(hint)")
        }
        guard case let .array(items) = reply, items.count == 2, let host = items[0].text, !host.isEmpty,
              let port = items[1].text.flatMap(Int.init), (1...65_535).contains(port) else {
            return next("knows no primary named \"\(url.master)\" (is it the name in its `sentinel monitor \(url.master) …`?)")
        }
        let primary = RedisURL(host: host, port: port, username: url.username)
        candidate = primary
        return .confirm(primary: primary, command: ["ROLE"])
    }

    /// The asked Sentinel could not be reached or did not answer in time.
    public mutating func sentinelUnreachable(_ reason: String) -> Step { next("cannot be reached: \(reason)") }

    /// The candidate primary answered ROLE: `master` confirms it; anything else asks the next Sentinel.
    public mutating func roleAnswered(_ reply: RedisValue) -> Step {
        guard let primary = candidate else { return next("gave no primary to confirm") }
        if case let .error(text) = reply { return next("named \(primary.host):\(primary.port), which refused ROLE: \(text)") }
        let role = reply[0]?.text ?? "?"
        guard role == "master" else { return next("named \(primary.host):\(primary.port), whose ROLE is \(role), not master (a failover under way?)") }
        return .found(primary)
    }

    /// The candidate primary could not be reached.
    public mutating func primaryUnreachable(_ reason: String) -> Step {
        let named = candidate.map { "\($0.host):\($0.port)" } ?? "?"
        return next("named \(named), which cannot be reached: \(reason)")
    }

    private mutating func next(_ reason: String) -> Step {
        let sentinel = url.sentinels[current]
        reasons.append("Sentinel \(sentinel.host):\(sentinel.port) \(reason)")
        candidate = nil
        current += 1
        guard current < url.sentinels.count else {
            return .failed("no primary \"\(url.master)\" found: " + reasons.joined(separator: "; "))
        }
        return ask()
    }

    /// The new primary's address in a `+switch-master` message (`MASTER OLDHOST OLDPORT NEWHOST
    /// NEWPORT`), when it is about this primary.
    ///
    /// ```swift
    /// resolver.switched("main 10.0.0.5 6379 10.0.0.6 6379")   // 10.0.0.6:6379
    /// resolver.switched("other 1.2.3.4 6379 1.2.3.5 6379")   // nil
    /// ```
    public func switched(_ message: String) -> RedisURL? {
        let words = message.split(separator: " ")
        guard words.count == 5, words[0] == url.master, let port = Int(words[4]) else { return nil }
        return RedisURL(host: String(words[3]), port: port, username: url.username)
    }
}
