/// Where the shared store of a cluster lives: `redis://[USER@]HOST:PORT[/DB]` (`--store`). A
/// password is never part of it (`RedisCredentials`).
///
/// ```swift
/// let url = try RedisURL(parsing: "redis://swipedeck@127.0.0.1:6379/2")
/// url.host       // "127.0.0.1"
/// url.port       // 6379
/// url.database   // 2
/// url.username   // "swipedeck"
/// ```
public struct RedisURL: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var database: Int
    /// The ACL user named in the URL (its password comes from a file or the environment).
    public var username: String?

    public init(host: String, port: Int = 6379, database: Int = 0, username: String? = nil) {
        self.host = host
        self.port = port
        self.database = database
        self.username = username
    }

    /// Parses `redis://[USER@]HOST[:PORT][/DB]`; the error says which part is wrong.
    ///
    /// ```swift
    /// try RedisURL(parsing: "redis://cache:6380")   // host cache, port 6380, database 0
    /// ```
    public init(parsing text: String) throws {
        let prefix = "redis://"
        guard text.lowercased().hasPrefix(prefix) else {
            throw RedisURLError("\"\(text)\" is not a Redis URL: expected redis://HOST:PORT[/DB], e.g. redis://127.0.0.1:6379")
        }
        var rest = Substring(text.dropFirst(prefix.count))
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !path.isEmpty {
                guard let number = Int(path), (0...15_999).contains(number) else {
                    throw RedisURLError("\"\(text)\": the database after / must be a number (got \"\(path)\")")
                }
                database = number
            }
        }
        var username: String?
        if let at = rest.lastIndex(of: "@") {
            let user = rest[..<at]
            if user.contains(":") {
                throw RedisURLError("\"\(text)\": a password in the URL is refused (every user of the machine sees the command line): "
                    + "put it in a file for --store-password-file, or in \(RedisCredentials.environmentVariable)")
            }
            guard !user.isEmpty else { throw RedisURLError("\"\(text)\": nothing before the @ (expected redis://USER@HOST:PORT)") }
            username = String(user)
            rest = rest[rest.index(after: at)...]
        }
        var host = rest
        var port = 6379
        if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            let portText = rest[rest.index(after: colon)...]
            guard let number = Int(portText), (1...65_535).contains(number) else {
                throw RedisURLError("\"\(text)\": the port must be a number from 1 to 65535 (got \"\(portText)\")")
            }
            port = number
        }
        guard !host.isEmpty else { throw RedisURLError("\"\(text)\" names no host: expected redis://HOST:PORT[/DB]") }
        self.init(host: String(host), port: port, database: database, username: username)
    }

    public var description: String { "redis://\(username.map { $0 + "@" } ?? "")\(host):\(port)/\(database)" }
}

/// Why a `--store` URL was refused.
///
/// ```swift
/// do { _ = try RedisURL(parsing: "http://x") } catch { print(error) }
/// ```
public struct RedisURLError: Error, Hashable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
