// Shim over the system libcurl (libcurl4-openssl-dev 7.88) for Swift: curl_easy_setopt and
// curl_easy_getinfo are variadic, so each option the webhook sender sets has a typed helper here.
// Editing this file does not trigger a rebuild: touch a Swift file of SwipeNotify.
#ifndef SWIPEDECK_CCURL_SHIM_H
#define SWIPEDECK_CCURL_SHIM_H
#include <curl/curl.h>

/// The write callback's type, spelled for Swift.
typedef size_t (*swipe_curl_write_callback)(char *data, size_t size, size_t count, void *user);

/// Sets everything one webhook POST needs on a fresh easy handle: the URL, the JSON body (not
/// copied: it must outlive the transfer), the headers, the whole-transfer and connect timeouts,
/// no redirects, http and https only (also for any redirect, which is not followed anyway), no
/// signals (we run on a thread of our own), and the write callback that caps the response body.
/// TLS peer and host verification stay at libcurl's default: on, against the system's CAs.
/// Returns the first option that failed, or CURLE_OK.
static inline CURLcode swipe_curl_configure_post(CURL *handle, const char *url, const char *body, long bodyLength,
                                                 struct curl_slist *headers, long timeoutSeconds, long connectTimeoutSeconds,
                                                 swipe_curl_write_callback write, void *writeData) {
    CURLcode code;
    if ((code = curl_easy_setopt(handle, CURLOPT_URL, url)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https")) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_TIMEOUT, timeoutSeconds)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, connectTimeoutSeconds)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_POST, 1L)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_POSTFIELDS, body)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE, bodyLength)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_USERAGENT, "swipe-server webhook")) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, write)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_WRITEDATA, writeData)) != CURLE_OK) return code;
    return CURLE_OK;
}

/// The HTTP status of the last transfer on `handle` (0 when no response was read).
static inline long swipe_curl_response_code(CURL *handle) {
    long status = 0;
    if (curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK) return 0;
    return status;
}

/// curl_global_init(CURL_GLOBAL_DEFAULT): once per process, before any other thread uses libcurl.
static inline CURLcode swipe_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }
#endif
