// Shim over libwebsockets for Swift: the macros Swift cannot import, as static inline helpers.
// Editing this file does not trigger a rebuild: touch a .swift file or clean.
#ifndef SWIPEDECK_CLIBWEBSOCKETS_SHIM_H
#define SWIPEDECK_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>
#include <stdlib.h>
#include <string.h>

/// LWS_PRE: the headroom lws_write needs in front of every payload.
static inline size_t swipe_lws_pre(void) { return LWS_PRE; }

/// The option bits Swift cannot see (they are built from shifts of 1ll).
static inline uint64_t swipe_lws_option_do_ssl_global_init(void) {
    return (uint64_t)LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
}
static inline uint64_t swipe_lws_option_validate_utf8(void) {
    return (uint64_t)LWS_SERVER_OPTION_VALIDATE_UTF8;
}
static inline uint64_t swipe_lws_option_disable_ipv6(void) {
    return (uint64_t)LWS_SERVER_OPTION_DISABLE_IPV6;
}

/// The permessage-deflate extension callback, as a plain function pointer Swift can store.
static inline lws_extension_callback_function *swipe_lws_pm_deflate_callback(void) {
    return lws_extension_callback_pm_deflate;
}

/// Whether the message being received is complete (final fragment, nothing left to read).
static inline int swipe_lws_message_complete(struct lws *wsi) {
    return lws_is_final_fragment(wsi) && lws_remaining_packet_payload(wsi) == 0;
}

/* ---- An epoll event loop (libev, which libwebsockets-dev pulls in) ---- */
/* Debian's lws 4.1 polls every socket on each loop turn (O(connections) per wake-up); handed a libev */
/* loop with the epoll backend as a foreign loop (LWS_SERVER_OPTION_LIBEV + foreign_loops), lws */
/* registers its sockets and timers there and a turn costs O(ready sockets). */
#define EV_COMPAT3 0
#include <ev.h>

/// A one-shot libev timer that wakes lws through lws_cancel_service. lws 4.1's libev glue re-arms its
/// own timer only when that timer is idle, so an lws timer scheduled earlier than the armed one
/// (a keepalive ping, a hang-up, a connect timeout) would wait for the later one; a wake-up makes
/// lws service every ripe timer. The driver re-arms it before each turn of the loop.
typedef struct swipe_ev_nudge {
    ev_timer timer;               /* first: the callback casts the watcher back */
    struct lws_context *context;
} swipe_ev_nudge;

static void swipe_ev_nudge_fired(struct ev_loop *loop, ev_timer *watcher, int revents) {
    (void)loop; (void)revents;
    swipe_ev_nudge *nudge = (swipe_ev_nudge *)watcher;
    if (nudge->context) lws_cancel_service(nudge->context);
}

/// Everything a service thread needs to run lws on a libev epoll loop: the loop, the one-slot
/// foreign-loop array lws reads at context creation, and the nudge. Server and client use it alike.
typedef struct swipe_ev_driver {
    struct ev_loop *loop;
    void *foreign_loops[1];
    swipe_ev_nudge nudge;
} swipe_ev_driver;

/// Makes a driver on a new epoll loop and points `info` at it as lws's foreign loop
/// (LWS_SERVER_OPTION_LIBEV). NULL, with `info` unchanged, when epoll or memory is unavailable.
static inline swipe_ev_driver *swipe_ev_driver_attach(struct lws_context_creation_info *info) {
    swipe_ev_driver *driver = (swipe_ev_driver *)calloc(1, sizeof(swipe_ev_driver));
    if (!driver) return NULL;
    driver->loop = ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOENV);
    if (!driver->loop) { free(driver); return NULL; }
    driver->foreign_loops[0] = driver->loop;
    ev_timer_init(&driver->nudge.timer, swipe_ev_nudge_fired, 1., 0.);
    info->options |= LWS_SERVER_OPTION_LIBEV;
    info->foreign_loops = driver->foreign_loops;
    return driver;
}

/// The driver's libev loop, untyped (other libraries' libev adapters attach to it, e.g. hiredis's).
static inline void *swipe_ev_driver_loop(swipe_ev_driver *driver) { return driver->loop; }

/// Undoes swipe_ev_driver_attach on `info` and frees the driver (lws refused the loop: fall back to poll).
static inline void swipe_ev_driver_detach(struct lws_context_creation_info *info, swipe_ev_driver *driver) {
    info->options &= ~(uint64_t)LWS_SERVER_OPTION_LIBEV;
    info->foreign_loops = NULL;
    ev_loop_destroy(driver->loop);
    free(driver);
}

/// One turn of the loop: the nudge armed `seconds` ahead, then block until at least one event and
/// handle what is ready. `context` is the lws context made with this driver.
static inline void swipe_ev_driver_turn(swipe_ev_driver *driver, struct lws_context *context, double seconds) {
    driver->nudge.context = context;
    ev_timer_stop(driver->loop, &driver->nudge.timer);
    ev_timer_set(&driver->nudge.timer, seconds, 0.);
    ev_timer_start(driver->loop, &driver->nudge.timer);
    ev_run(driver->loop, EVRUN_ONCE);
}

/// Frees the driver and its loop, after lws_context_destroy.
static inline void swipe_ev_driver_free(swipe_ev_driver *driver) {
    ev_timer_stop(driver->loop, &driver->nudge.timer);
    ev_loop_destroy(driver->loop);
    free(driver);
}

/* ---- BEGIN swipe-server helpers (owned by the server module) ---- */

/// A one-shot lws timer: the shell arms `sul` with `lws_sul_schedule` for its earliest deadline;
/// the callback finds the context through `context` (`sul` must stay the first field).
typedef struct swipe_server_wake_timer {
    lws_sorted_usec_list_t sul;
    struct lws_context *context;
} swipe_server_wake_timer;

/// Hands free heap pages back to the system (glibc keeps them otherwise after a burst of large
/// allocations, e.g. a stalled reader's send queue). Returns 1 when memory was released.
#include <malloc.h>
static inline int swipe_server_trim_heap(void) { return malloc_trim(0); }

/* ---- END swipe-server helpers ---- */

#endif
