// A hiredis reply copied into a RedisValue: the link's and the blocking connections' answers. Runs on
// whichever thread got the reply, inside the callback or call that owns it; touches only the reply.
import SwipeBackend
import CHiredis

extension RedisValue {
    /// Copies a hiredis reply (which hiredis frees after the callback returns).
    init(copying reply: UnsafeMutablePointer<redisReply>) {
        let value = reply.pointee
        func bytes() -> [UInt8] {
            guard let string = value.str else { return [] }
            return Array(UnsafeRawBufferPointer(start: string, count: Int(value.len)))
        }
        switch value.type {
        case REDIS_REPLY_STRING: self = .string(bytes())
        case REDIS_REPLY_INTEGER: self = .integer(Int(value.integer))
        case REDIS_REPLY_ARRAY:
            self = .array((0..<Int(value.elements)).compactMap { index in
                swipe_redis_element(reply, index).map(RedisValue.init(copying:))
            })
        case REDIS_REPLY_STATUS: self = .status(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ERROR: self = .error(String(decoding: bytes(), as: UTF8.self))
        default: self = .null
        }
    }
}
