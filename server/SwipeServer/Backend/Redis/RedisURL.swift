/// Where the shared store of a cluster lives: `redis://HOST:PORT[/DB]` (`--store`).
///
/// ```swift
/// let url = try RedisURL(parsing: "redis://127.0.0.1:6379/2")
/// url.host       // "127.0.0.1"
/// url.port       // 6379
/// url.database   // 2
/// ```
public struct RedisURL: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var database: Int

    public init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }

    /// Parses `redis://HOST[:PORT][/DB]`; the error says which part is wrong.
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
        if rest.contains("@") {
            throw RedisURLError("\"\(text)\": passwords in the URL are not supported; bind Redis to a private address instead")
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
        self.init(host: String(host), port: port, database: database)
    }

    public var description: String { "redis://\(host):\(port)/\(database)" }
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
