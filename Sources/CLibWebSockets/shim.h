// Shim over libwebsockets for Swift: the macros Swift cannot import, as static inline helpers.
// Editing this file does not trigger a rebuild: touch a .swift file or clean.
#ifndef SWIPEDECK_CLIBWEBSOCKETS_SHIM_H
#define SWIPEDECK_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>
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

/* ---- BEGIN swipe-server helpers (owned by the server module) ---- */

/// A one-shot lws timer: the shell arms `sul` with `lws_sul_schedule` for its earliest deadline;
/// the callback finds the context through `context` (`sul` must stay the first field).
typedef struct swipe_server_wake_timer {
    lws_sorted_usec_list_t sul;
    struct lws_context *context;
} swipe_server_wake_timer;

/// Writes an HTTP response status and headers (body follows with LWS_WRITE_HTTP_FINAL). Nonzero on failure.
static inline int swipe_server_http_headers(struct lws *wsi, unsigned int status, const char *content_type,
                                            size_t content_length) {
    unsigned char buffer[LWS_PRE + 1024];
    unsigned char *start = &buffer[LWS_PRE], *p = start, *end = &buffer[sizeof(buffer) - 1];
    if (lws_add_http_common_headers(wsi, status, content_type, (lws_filepos_t)content_length, &p, end)) return 1;
    if (lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, (const unsigned char *)"no-store", 8, &p, end))
        return 1;
    return lws_finalize_write_http_header(wsi, start, &p, end);
}

/* ---- END swipe-server helpers ---- */

#endif
