// hiredis's C callbacks for the link's connections: each finds its RedisLink in the context's data
// and hands it the event. Service thread only (hiredis calls them inside ev_run); they touch
// nothing but the link they find (none once the link let the context go: `swipe_redis_set_data(nil)`).
import SwipeBackend
import CHiredis

/// The link a context reports to (nil once the link let it go).
func redisLink(of context: UnsafePointer<redisAsyncContext>?) -> RedisLink? {
    guard let context, let data = swipe_redis_get_data(context) else { return nil }
    return Unmanaged<RedisLink>.fromOpaque(data).takeUnretainedValue()
}

func redisLinkConnected(_ context: UnsafePointer<redisAsyncContext>?, _ status: Int32) {
    guard let context else { return }
    redisLink(of: context)?.connected(context, ok: status == REDIS_OK)
}

func redisLinkDisconnected(_ context: UnsafePointer<redisAsyncContext>?, _ status: Int32) {
    guard let context else { return }
    let reason = status == REDIS_OK ? "closed" : String(cString: swipe_redis_async_errstr(context))
    redisLink(of: context)?.disconnected(context, reason: reason)
}

func redisLinkReplied(_ context: UnsafeMutablePointer<redisAsyncContext>?, _ reply: UnsafeMutableRawPointer?,
                              _ privdata: UnsafeMutableRawPointer?) {
    guard let context, let link = redisLink(of: context) else { return }
    let value = reply.map { RedisValue(copying: $0.assumingMemoryBound(to: redisReply.self)) }
    link.replied(Int(bitPattern: privdata), value)
}

func redisLinkAuthenticated(_ context: UnsafeMutablePointer<redisAsyncContext>?, _ reply: UnsafeMutableRawPointer?,
                                    _ privdata: UnsafeMutableRawPointer?) {
    guard let context, let link = redisLink(of: context), let reply else { return }
    link.authenticated(context, RedisValue(copying: reply.assumingMemoryBound(to: redisReply.self)))
}

func redisLinkPublished(_ context: UnsafeMutablePointer<redisAsyncContext>?, _ reply: UnsafeMutableRawPointer?,
                                _ privdata: UnsafeMutableRawPointer?) {
    guard let context, let link = redisLink(of: context), let reply else { return }
    link.published(RedisValue(copying: reply.assumingMemoryBound(to: redisReply.self)))
}
