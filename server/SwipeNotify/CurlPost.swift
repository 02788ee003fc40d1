// One webhook POST through libcurl's easy API, blocking. Runs on the webhook sender's thread only
// (never the lws service thread); touches libcurl, the network and nothing else.
import CCurl

/// A blocking JSON POST with the webhook's limits: the whole transfer within `timeout` seconds,
/// the connection within `connectTimeout`, http and https only, no redirect followed (a 3xx is
/// an answer like any other), TLS checked against the system's CAs (libcurl's default), a body of
/// at most `WebhookEvent.maxBodyBytes`, and at most `maxResponseBytes` of the answer read (the
/// rest is not waited for: the status is what counts).
///
/// ```swift
/// let outcome = CurlPost(timeout: 10, connectTimeout: 5).post(request)   // .status(200), or .failed("Timeout was reached")
/// ```
public struct CurlPost: Sendable {
    public var timeout: Int
    public var connectTimeout: Int
    /// The most of a response body read.
    public static let maxResponseBytes = 16 * 1024

    public init(timeout: Int = 10, connectTimeout: Int = 5) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        _ = Self.initialiseOnce
    }

    /// curl_global_init, the first time a `CurlPost` is made (before the sender's thread starts).
    private static let initialiseOnce: Void = { _ = swipe_curl_global_init() }()

    /// Makes the POST and says how it ended.
    ///
    /// ```swift
    /// CurlPost().post(WebhookRequest(key: "swipedeck-R-opened", url: "http://127.0.0.1:9/x", body: body, attempt: 1))
    /// // .failed("Couldn't connect to server")
    /// ```
    public func post(_ request: WebhookRequest) -> WebhookOutcome {
        guard !request.body.isEmpty, request.body.count <= WebhookEvent.maxBodyBytes else {
            return .failed("the body is \(request.body.count) bytes, over \(WebhookEvent.maxBodyBytes)")
        }
        guard let handle = curl_easy_init() else { return .failed("libcurl could not make a handle") }
        defer { curl_easy_cleanup(handle) }
        var headers: UnsafeMutablePointer<curl_slist>?
        for line in ["Content-Type: application/json", "Idempotency-Key: \(request.key)", "Expect:"] {
            headers = curl_slist_append(headers, line)
        }
        defer { curl_slist_free_all(headers) }
        var received = 0
        let code: CURLcode = request.body.withUnsafeBytes { body in
            let bytes = body.bindMemory(to: CChar.self)
            return withUnsafeMutablePointer(to: &received) { counter in
                let set = swipe_curl_configure_post(handle, request.url, bytes.baseAddress, body.count, headers, timeout, connectTimeout,
                                                    Self.countResponse, counter)
                guard set == CURLE_OK else { return set }
                return curl_easy_perform(handle)
            }
        }
        let status = swipe_curl_response_code(handle)
        if status >= 100 { return .status(status) }   // answered (a body past the cap stops the read, not the answer)
        return .failed(String(cString: curl_easy_strerror(code)))
    }

    /// The write callback: counts the answer's bytes and stops the transfer past the cap.
    private static let countResponse: swipe_curl_write_callback = { _, size, count, user in
        let bytes = size * count
        guard let counter = user?.assumingMemoryBound(to: Int.self) else { return 0 }
        counter.pointee += bytes
        return counter.pointee <= CurlPost.maxResponseBytes ? bytes : 0
    }
}
