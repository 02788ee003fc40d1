import SwipeBackend
import SwipeCore

/// Who the node is to Redis: an ACL user name (nil: the `default` user) and its password.
/// The password never comes from the command line (where `ps` shows it to every user): it is read
/// from `--store-password-file FILE` or the `SWIPEDECK_REDIS_PASSWORD` environment variable; the
/// user name may come from the URL (`redis://swipedeck@10.0.0.5:6379`) or the file's first line.
///
/// ```swift
/// let credentials = try RedisCredentials.resolve(
///     urlUsername: "swipedeck", passwordFile: "s3cret\n", environment: [:])
/// credentials?.authCommand   // ["AUTH", "swipedeck", "s3cret"]
/// ```
public struct RedisCredentials: Hashable, Sendable, CustomStringConvertible {
    /// The ACL user (Redis 6+); nil authenticates as the `default` user (`requirepass`).
    public var username: String?
    public var password: String

    public init(username: String? = nil, password: String) {
        self.username = username
        self.password = password
    }

    /// The environment variable that may hold the password.
    public static let environmentVariable = "SWIPEDECK_REDIS_PASSWORD"
    /// The environment variable that may hold the Sentinels' own password (`--sentinel-password-file`).
    public static let sentinelVariable = "SWIPEDECK_SENTINEL_PASSWORD"

    /// The command sent first on every connection, at start and after every reconnect.
    ///
    /// ```swift
    /// RedisCredentials(password: "pw").authCommand   // ["AUTH", "pw"]
    /// ```
    public var authCommand: [String] {
        if let username { ["AUTH", username, password] } else { ["AUTH", password] }
    }

    /// Never shows the password.
    public var description: String { "user \(username ?? "default") with a password" }

    /// Decides the credentials from what the operator gave. `passwordFile` is the file's contents:
    /// one line (the password) or two (the user name, then the password); a final line break is
    /// ignored. The file wins over the environment variable. A user name without a password, a file
    /// with no password, or two different user names are refused with a message saying so.
    ///
    /// ```swift
    /// try RedisCredentials.resolve(urlUsername: nil, passwordFile: nil,
    ///                              environment: ["SWIPEDECK_REDIS_PASSWORD": "pw"])   // default user, "pw"
    /// try RedisCredentials.resolve(urlUsername: nil, passwordFile: nil, environment: [:])   // nil: no AUTH
    /// ```
    /// `flag` and `variable` name where the password came from in errors (the Sentinels' password:
    /// `--sentinel-password-file` and `SWIPEDECK_SENTINEL_PASSWORD`).
    public static func resolve(urlUsername: String?, passwordFile: String?, environment: [String: String],
                               flag: String = "--store-password-file", variable: String = environmentVariable) throws -> RedisCredentials? {
        var username = urlUsername
        let password: String
        if let passwordFile {
            // "\r\n" is one Character in Swift: both end a line.
            var lines = passwordFile.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
            while lines.last == "" { lines.removeLast() }
            switch lines.count {
            case 0:
                throw RedisURLError("\(flag) holds no password")
            case 1:
                password = lines[0]
            case 2:
                let fileUser = TextSanitizer.trimmed(lines[0])
                guard !fileUser.isEmpty else { throw RedisURLError("\(flag): the first of its two lines must be the user name") }
                if let username, username != fileUser {
                    throw RedisURLError("\(flag) names user \"\(fileUser)\" but --store names \"\(username)\"; give one")
                }
                username = fileUser
                password = lines[1]
            default:
                throw RedisURLError("\(flag) must hold the password on one line, or the user name and the password on two (it has \(lines.count) lines)")
            }
            guard !password.isEmpty else { throw RedisURLError("\(flag) holds no password") }
        } else if let fromEnvironment = environment[variable], !fromEnvironment.isEmpty {
            password = fromEnvironment
        } else {
            if let username {
                throw RedisURLError("--store names user \"\(username)\" but no password was given: put it in a file for \(flag), or in \(variable)")
            }
            return nil
        }
        return RedisCredentials(username: username, password: password)
    }
}
