// A blocking look at the shared store before the server starts: is Redis there, does it keep
// writes as --durability asks, and the append script loaded. Runs on the starting thread (inside
// SwipeServerHost.start), before the service thread exists; touches only its own hiredis context.
import CHiredis
import Foundation

/// What the store said at start.
struct ClusterProbe {
    /// The append script's SHA1 (for EVALSHA).
    var scriptSHA: String
    /// Redis's version string.
    var version: String

    /// Connects (2 s at most), checks and loads the script; the error says what is wrong and how to fix it.
    static func run(_ configuration: ClusterConfiguration) throws -> ClusterProbe {
        let url = configuration.store
        let timeout = timeval(tv_sec: 2, tv_usec: 0)
        guard let context = redisConnectWithTimeout(url.host, Int32(url.port), timeout) else {
            throw ServerStartError(description: "--store \(url): out of memory")
        }
        defer { redisFree(context) }
        if context.pointee.err != 0 {
            let reason = withUnsafePointer(to: context.pointee.errstr) {
                $0.withMemoryRebound(to: CChar.self, capacity: 128) { String(cString: $0) }
            }
            throw ServerStartError(description: "--store \(url): cannot connect: \(reason) (is redis-server running there?)")
        }
        _ = redisSetTimeout(context, timeout)
        /// `words` sent; Redis's error is said by `refused` (default: "WORD failed: ERROR").
        func command(_ words: [String], refused: ((String) -> String)? = nil) throws -> RedisValue {
            let copies = words.map { strdup($0) }
            defer { copies.forEach { free($0) } }
            var pointers = copies.map { UnsafePointer<CChar>($0) }
            var lengths = words.map { $0.utf8.count }
            let raw = pointers.withUnsafeMutableBufferPointer { pointerBuffer in
                lengths.withUnsafeMutableBufferPointer { lengthBuffer in
                    redisCommandArgv(context, Int32(words.count), pointerBuffer.baseAddress, lengthBuffer.baseAddress)
                }
            }
            _ = copies.count
            guard let raw else {
                throw ServerStartError(description: "--store \(url): no answer to \(words[0]) (Redis went away or took over 2 s)")
            }
            let reply = raw.assumingMemoryBound(to: redisReply.self)
            defer { freeReplyObject(raw) }
            let value = RedisValue(copying: reply)
            if case let .error(text) = value {
                if text.hasPrefix("NOAUTH") {
                    throw ServerStartError(description: "--store \(url): Redis asks for a password (\(text)): put it in a file for "
                        + "--store-password-file, or in \(RedisCredentials.environmentVariable)")
                }
                throw ServerStartError(description: "--store \(url): " + (refused?(text) ?? "\(words[0]) failed: \(text)"))
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
            throw ServerStartError(description: "--store \(url): Redis \(version) has no streams; SwipeDeck needs Redis 5 or later (7 recommended)")
        }
        if configuration.durability == .full {
            let appendOnly = try command(["CONFIG", "GET", "appendonly"])[1]?.text ?? "?"
            let fsync = try command(["CONFIG", "GET", "appendfsync"])[1]?.text ?? "?"
            guard appendOnly == "yes", fsync == "always" else {
                throw ServerStartError(description: "--store \(url) with --durability full needs Redis to fsync every write "
                    + "(appendonly yes, appendfsync always); it has appendonly \(appendOnly), appendfsync \(fsync). "
                    + "Start redis-server with --appendonly yes --appendfsync always, or use --durability normal")
            }
        }
        guard let sha = try command(["SCRIPT", "LOAD", AppendScript.source]).text else {
            throw ServerStartError(description: "--store \(url): SCRIPT LOAD gave no SHA1")
        }
        return ClusterProbe(scriptSHA: sha, version: version)
    }
}
