import SwipeProtocol

/// The answers that turn a request or a WebSocket upgrade away: each is JSON
/// `{"code":…,"message":…}` with the protocol's error codes (`ProtocolError`), and closes the
/// connection (`Connection: close`); `Retry-After` where waiting helps.
///
/// ```swift
/// HTTPRoutes.originNotAllowed("https://evil.example").status   // 403
/// ```
extension HTTPRoutes {
    /// An address that holds its share of connections (`--max-connections-per-address`).
    /// `retryAfter`: seconds until one of its sockets in no room may be hung up to make way.
    ///
    /// ```swift
    /// HTTPRoutes.tooManyConnections(cap: 256, retryAfter: 10).headers["Retry-After"]   // "10"
    /// ```
    public static func tooManyConnections(cap: Int, retryAfter: Int) -> HTTPResponse {
        refusal(429, ProtocolError(.rateLimited, "your address holds \(cap) connections already (--max-connections-per-address); "
            + "retry in \(retryAfter) s", retryAfter: Double(retryAfter)), retryAfter: retryAfter)
    }

    /// An upgrade whose `Origin` is not on the `--origin` allow-list.
    ///
    /// ```swift
    /// HTTPRoutes.originNotAllowed("https://evil.example").body   // {"code":"notAllowed",…}
    /// ```
    public static func originNotAllowed(_ origin: String) -> HTTPResponse {
        refusal(403, ProtocolError(.notAllowed, "WebSockets from origin \(origin.prefix(200)) are not allowed here (--origin)"))
    }

    /// An upgrade that offered only subprotocols this server does not speak (`reason` says which).
    ///
    /// ```swift
    /// HTTPRoutes.unsupportedSubprotocol("no supported subprotocol in \"x\"").status   // 400
    /// ```
    public static func unsupportedSubprotocol(_ reason: String) -> HTTPResponse {
        refusal(400, ProtocolError(.badField, reason))
    }

    /// A method other than GET and HEAD (the routes serve nothing else).
    ///
    /// ```swift
    /// HTTPRoutes.methodNotAllowed("TRACE").headers["Allow"]   // "GET, HEAD"
    /// ```
    public static func methodNotAllowed(_ method: String) -> HTTPResponse {
        let shown = String(method.unicodeScalars.filter { $0.value > 32 && $0.value < 127 }.prefix(32).map(Character.init))
        var response = refusal(405, ProtocolError(.notAllowed, "method \(shown) is not allowed here; use GET or HEAD"))
        response.headers["Allow"] = "GET, HEAD"
        return response
    }

    /// A request head (request line and headers) longer than `limit` bytes.
    ///
    /// ```swift
    /// HTTPRoutes.headTooLarge(limit: 8192).status   // 431
    /// ```
    public static func headTooLarge(limit: Int) -> HTTPResponse {
        refusal(431, ProtocolError(.tooLarge, "the request head is over \(limit) bytes"))
    }

    /// A room's results or picture while the shared store cannot be reached: whether the room
    /// exists is not known, so it is neither a 404 nor a failed guess. The connection stays open.
    ///
    /// ```swift
    /// HTTPRoutes.storeUnavailable(retryAfter: 1).headers["Retry-After"]   // "1"
    /// ```
    public static func storeUnavailable(retryAfter: Int, for what: String? = nil) -> HTTPResponse {
        let message = "the server cannot reach its store" + (what.map { " for \($0)" } ?? "") + "; retry in \(retryAfter) s"
        var response = json(503, ProtocolError(.other, message, retryAfter: Double(retryAfter)))
        response.headers["Retry-After"] = "\(retryAfter)"
        return response
    }

    /// A refusal: `error`'s code and message as JSON (no `retryAfter` in the body: it is the
    /// `Retry-After` header), closing the connection.
    static func refusal(_ status: UInt32, _ error: ProtocolError, retryAfter: Int? = nil) -> HTTPResponse {
        var response = json(status, ProtocolError(error.code, error.message))
        response.closes = true
        if let retryAfter { response.headers["Retry-After"] = "\(retryAfter)" }
        return response
    }
}
