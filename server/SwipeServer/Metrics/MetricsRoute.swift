import SwipeProtocol

/// The answers of `GET /metrics`: the Prometheus text exposition, or a 403 refusal (JSON, closing,
/// as every refusal in `HTTPRefusals`) for a peer `MetricsAccess` does not allow.
///
/// ```swift
/// HTTPRoutes.metricsNotAllowed("192.0.2.1").status   // 403
/// HTTPRoutes.metrics(Array("up 1\n".utf8)).contentType   // "text/plain; version=0.0.4; charset=utf-8"
/// ```
extension HTTPRoutes {
    /// Whether `path` (query ignored) is the metrics route.
    ///
    /// ```swift
    /// HTTPRoutes.isMetrics("/metrics?x=1")   // true
    /// ```
    public static func isMetrics(_ path: String) -> Bool {
        let cleanPath = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        return cleanPath == "/metrics" || cleanPath == "/metrics/"
    }

    /// The scrape: Prometheus text format 0.0.4.
    ///
    /// ```swift
    /// HTTPRoutes.metrics([]).status   // 200
    /// ```
    public static func metrics(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: body)
    }

    /// A peer that is neither loopback nor in `--metrics-allow`.
    ///
    /// ```swift
    /// HTTPRoutes.metricsNotAllowed("192.0.2.1").closes   // true
    /// ```
    public static func metricsNotAllowed(_ address: String) -> HTTPResponse {
        refusal(403, ProtocolError(.notAllowed, "/metrics is not served to \(address.prefix(64)) (loopback and --metrics-allow only)"))
    }

    /// The reason an HTTP refusal is counted under: the error code it was made with, or `http` and the status.
    ///
    /// ```swift
    /// HTTPRoutes.refusalReason(HTTPRoutes.metricsNotAllowed("192.0.2.1"))   // "notAllowed"
    /// ```
    public static func refusalReason(_ response: HTTPResponse) -> String {
        response.refusalCode?.rawValue ?? "http\(response.status)"
    }
}
