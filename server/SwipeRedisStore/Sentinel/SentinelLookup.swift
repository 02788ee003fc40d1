// Asks the Sentinels for the primary (SentinelResolver's steps over BlockingRedis connections).
// Runs on the starting thread only (ClusterProbe, before the service thread exists; after a loss
// the link walks the same steps without blocking: RedisLink+Lookup.swift); each connection is
// bounded by `timeoutMilliseconds`. Touches only its own connections.
import SwipeBackend
import Foundation

/// The blocking shell around `SentinelResolver`.
///
/// ```swift
/// let primary = try SentinelLookup.primary(url, sentinelCredentials: nil, dataCredentials: nil)   // 10.0.0.5:6379
/// ```
enum SentinelLookup {
    /// How long one Sentinel or candidate may take to connect or answer (ms).
    static let timeoutMilliseconds = 300

    /// The confirmed primary; the error names what each Sentinel said.
    static func primary(_ url: SentinelURL, sentinelCredentials: RedisCredentials?, dataCredentials: RedisCredentials?) throws -> RedisURL {
        var resolver = SentinelResolver(url: url)
        var step = resolver.start()
        while true {
            switch step {
            case let .ask(sentinel, command):
                switch ask(sentinel, command, credentials: sentinelCredentials,
                           hint: "check --sentinel-password-file or \(RedisCredentials.sentinelVariable)") {
                case let .success(reply): step = resolver.sentinelAnswered(reply)
                case let .failure(error): step = resolver.sentinelUnreachable(error.description)
                }
            case let .confirm(primary, command):
                switch ask(primary, command, credentials: dataCredentials,
                           hint: "check --store-password-file or \(RedisCredentials.environmentVariable)") {
                case let .success(reply): step = resolver.roleAnswered(reply)
                case let .failure(error): step = resolver.primaryUnreachable(error.description)
                }
            case let .found(primary):
                return primary
            case let .failed(reason):
                throw BlockingRedisError(description: reason)
            }
        }
    }

    /// Connects to `address`, authenticates, sends `command`: its answer (an AUTH refusal comes
    /// back as an error reply ending in `hint`), or why there was none.
    private static func ask(_ address: RedisURL, _ command: [String], credentials: RedisCredentials?,
                            hint: String) -> Result<RedisValue, BlockingRedisError> {
        do {
            let connection = try BlockingRedis(host: address.host, port: address.port, timeoutMilliseconds: timeoutMilliseconds)
            if let credentials, case let .error(text) = try connection.command(credentials.authCommand) {
                return .success(.error("AUTH: \(text); \(hint)"))
            }
            return .success(try connection.command(command))
        } catch let error as BlockingRedisError {
            return .failure(error)
        } catch {
            return .failure(BlockingRedisError(description: "\(error)"))
        }
    }
}
