// Shim over the system hiredis (libhiredis-dev 0.14) for Swift: its async API driven by the same
// libev loop lws runs on (hiredis/adapters/libev.h). Editing this file does not trigger a rebuild.
#ifndef SWIPEDECK_CHIREDIS_SHIM_H
#define SWIPEDECK_CHIREDIS_SHIM_H
#include <hiredis/hiredis.h>
#include <hiredis/async.h>
#include <hiredis/adapters/libev.h>

/// Attaches an async context to the libev loop `loop` (a `struct ev_loop *`, passed untyped so that
/// Swift does not see two copies of ev.h's types). Returns REDIS_OK or REDIS_ERR.
static inline int swipe_redis_attach(redisAsyncContext *context, void *loop) {
    return redisLibevAttach((struct ev_loop *)loop, context);
}

/// The reply's elements (Swift cannot index `redisReply **` directly without a cast).
static inline redisReply *swipe_redis_element(redisReply *reply, size_t index) {
    return reply->element[index];
}

/// The async context's error, or 0.
static inline int swipe_redis_async_error(const redisAsyncContext *context) { return context->err; }
static inline const char *swipe_redis_async_errstr(const redisAsyncContext *context) { return context->errstr; }
static inline void swipe_redis_set_data(redisAsyncContext *context, void *data) { context->data = data; }
static inline void *swipe_redis_get_data(const redisAsyncContext *context) { return context->data; }
#endif
