// A blocking look at the shared store before the server starts: is Redis there (found through
// Sentinel when --store names Sentinels), does it keep writes as --durability asks, and the append
// script loaded. Runs on the starting thread (inside SwipeServerHost.start), before the service
// thread exists; touches only its own hiredis connections.
import SwipeBackend
import Foundation

/// What the store said at start.
struct ClusterProbe {
    /// The append script's SHA1 (for EVALSHA).
    var scriptSHA: String
    /// Redis's version string.
    var version: String
    /// The primary the data link connects to first (the `--store` URL, or what Sentinel named).
    var primary: RedisURL
    /// Replicas connected to it at start (`INFO replication`).
    var replicas = 0

    /// Connects (2 s at most), checks and loads the script; the error says what is wrong and how to fix it.
    static func run(_ configuration: ClusterConfiguration) throws -> ClusterProbe {
        var url = configuration.store
        var named = "--store \(url)"
        if let sentinel = configuration.sentinel {
            do {
                url = try SentinelLookup.primary(sentinel, sentinelCredentials: configuration.sentinelCredentials,
                                                 dataCredentials: configuration.credentials)
            } catch {
                throw ServerStartError(description: "--store \(sentinel): \(error) (are the Sentinels running, and is the name after / the one they monitor?)")
            }
            url.database = configuration.store.database
            named = "--store \(sentinel) (primary \(url.host):\(url.port))"
        }
        let redis: BlockingRedis
        do {
            redis = try BlockingRedis(host: url.host, port: url.port, timeoutMilliseconds: 2000)
        } catch {
            throw ServerStartError(description: "\(named): cannot connect: \(error) (is redis-server running there?)")
        }
        /// `words` sent; Redis's error is said by `refused` (default: "WORD failed: ERROR").
        func command(_ words: [String], refused: ((String) -> String)? = nil) throws -> RedisValue {
            let value: RedisValue
            do {
                value = try redis.command(words)
            } catch {
                throw ServerStartError(description: "\(named): no answer to \(words[0]) (Redis went away or took over 2 s)")
            }
            if case let .error(text) = value {
                if text.hasPrefix("NOAUTH") {
                    throw ServerStartError(description: "\(named): Redis asks for a password (\(text)): put it in a file for "
                        + "--store-password-file, or in \(RedisCredentials.environmentVariable)")
                }
                throw ServerStartError(description: "\(named): " + (refused?(text) ?? "\(words[0]) failed: \(text)"))
            }
            return value
        }
        if let credentials = configuration.credentials {
            _ = try command(credentials.authCommand) { error in
                "Redis refused \(credentials) (AUTH): \(error); check --store-password-file or \(RedisCredentials.environmentVariable)"
            }
        }
        if url.database != 0 { _ = try command(["SELECT", String(url.database)]) }
        let info = try command(["INFO", "server"]).text ?? ""
        let version = info.split(whereSeparator: \.isNewline).first { $0.hasPrefix("redis_version:") }
            .map { String($0.dropFirst("redis_version:".count)) } ?? "unknown"
        if let major = Int(version.prefix { $0 != "." }), major < 5 {
            throw ServerStartError(description: "\(named): Redis \(version) has no streams; SwipeDeck needs Redis 5 or later (7 recommended)")
        }
        if configuration.durability == .full {
            let appendOnly = try command(["CONFIG", "GET", "appendonly"])[1]?.text ?? "?"
            let fsync = try command(["CONFIG", "GET", "appendfsync"])[1]?.text ?? "?"
            guard appendOnly == "yes", fsync == "always" else {
                throw ServerStartError(description: "\(named) with --durability full needs Redis to fsync every write "
                    + "(appendonly yes, appendfsync always); it has appendonly \(appendOnly), appendfsync \(fsync). "
                    + "Start redis-server with --appendonly yes --appendfsync always, or use --durability normal")
            }
        }
        guard let sha = try command(["SCRIPT", "LOAD", AppendScript.source]).text else {
            throw ServerStartError(description: "\(named): SCRIPT LOAD gave no SHA1")
        }
        let replication = try command(["INFO", "replication"]).text ?? ""
        let replicas = replication.split(whereSeparator: \.isNewline).first { $0.hasPrefix("connected_slaves:") }
            .flatMap { Int($0.dropFirst("connected_slaves:".count)) } ?? 0
        return ClusterProbe(scriptSHA: sha, version: version, primary: url, replicas: replicas)
    }
}
