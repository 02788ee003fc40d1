/// The bytes of an HTTP/1.1 answer as they go on the wire: the status line with its reason phrase
/// (RFC 9110 §15), `Content-Type`, `Content-Length` (neither on a 304), `Cache-Control: no-store`
/// (unless the response names its own, as pictures do), the response's own
/// headers in name order, and `Connection: close` when the server hangs up after it. Written by the
/// shell itself, because libwebsockets 4.1's `lws_return_http_status` answers an upgrade as
/// `HTTP/1.0` with an HTML page, and its status line has no reason phrase for 429 or 431.
///
/// ```swift
/// let response = HTTPRoutes.tooManyConnections(cap: 256, retryAfter: 10)
/// String(decoding: HTTPResponseHead.bytes(of: response), as: UTF8.self)
/// // "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: 94\r\n…"
/// ```
public enum HTTPResponseHead {
    /// The reason phrase for `status` (the registered one; "Unknown" for codes it does not name).
    ///
    /// ```swift
    /// HTTPResponseHead.reasonPhrase(429)   // "Too Many Requests"
    /// ```
    public static func reasonPhrase(_ status: UInt32) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: "Unknown"
        }
    }

    /// The status line and headers, ending with the blank line. `Content-Length` is the body's
    /// length even when the body is left out (the answer to HEAD).
    ///
    /// ```swift
    /// HTTPResponseHead.head(of: HTTPRoutes.methodNotAllowed("TRACE")).starts(with: Array("HTTP/1.1 405 Method Not Allowed\r\n".utf8))   // true
    /// ```
    public static func head(of response: HTTPResponse) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        if response.status != 304 {
            text += "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
        }
        text += "Cache-Control: \(response.headers["Cache-Control"] ?? "no-store")\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) where !["connection", "cache-control"].contains(name.lowercased()) {
            text += "\(name): \(value)\r\n"
        }
        if response.closes { text += "Connection: close\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// The head followed by the body (left out with `includingBody: false`, for HEAD).
    ///
    /// ```swift
    /// HTTPResponseHead.bytes(of: HTTPRoutes.methodNotAllowed("TRACE")).count   // head and JSON body
    /// ```
    public static func bytes(of response: HTTPResponse, includingBody: Bool = true) -> [UInt8] {
        head(of: response) + (includingBody ? response.body : [])
    }
}
