// One short-lived, blocking connection to a Redis or a Sentinel: the start's probe and its Sentinel
// lookup. Runs on the starting thread (inside SwipeServerHost.start, before the service thread
// exists), bounded by its timeout; touches only its own hiredis context.
import SwipeBackend
import CHiredis
import Foundation

/// A blocking hiredis connection with a timeout on connecting and on every answer.
///
/// ```swift
/// let redis = try BlockingRedis(host: "127.0.0.1", port: 6379, timeoutMilliseconds: 300)
/// try redis.command(["PING"]).text   // "PONG"
/// ```
final class BlockingRedis {
    private let context: UnsafeMutablePointer<redisContext>
    let name: String

    /// Connects within the timeout; the error's text says why not.
    init(host: String, port: Int, timeoutMilliseconds: Int) throws {
        name = "\(host):\(port)"
        let timeout = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: Int((timeoutMilliseconds % 1000) * 1000))
        guard let context = redisConnectWithTimeout(host, Int32(port), timeout) else {
            throw BlockingRedisError(description: "out of memory")
        }
        if context.pointee.err != 0 {
            let reason = withUnsafePointer(to: context.pointee.errstr) {
                $0.withMemoryRebound(to: CChar.self, capacity: 128) { String(cString: $0) }
            }
            redisFree(context)
            throw BlockingRedisError(description: reason)
        }
        _ = redisSetTimeout(context, timeout)
        self.context = context
    }

    deinit { redisFree(context) }

    /// Sends `words` and waits for the answer (an error reply is returned, not thrown); throws
    /// when none came (the connection went away or the timeout passed).
    func command(_ words: [String]) throws -> RedisValue {
        let copies = words.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer<CChar>($0) }
        var lengths = words.map { $0.utf8.count }
        let raw = pointers.withUnsafeMutableBufferPointer { pointerBuffer in
            lengths.withUnsafeMutableBufferPointer { lengthBuffer in
                redisCommandArgv(context, Int32(words.count), pointerBuffer.baseAddress, lengthBuffer.baseAddress)
            }
        }
        guard let raw else { throw BlockingRedisError(description: "no answer to \(words.first ?? "?") (it went away or took too long)") }
        defer { freeReplyObject(raw) }
        return RedisValue(copying: raw.assumingMemoryBound(to: redisReply.self))
    }
}

/// Why a blocking connection gave no answer.
struct BlockingRedisError: Error, CustomStringConvertible {
    var description: String
}
