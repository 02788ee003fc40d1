// The names a store gives its own metrics. Values only: read once, when the server is made.
/// A store's metrics as `/metrics` shows them: the histogram of its appends and, for a store
/// across a link, the gauge of that link. The server's metrics name no store: each store names its own.
///
/// ```swift
/// StoreMetricNames(appendSeconds: "swipedeck_redis_append_seconds", linkUp: "swipedeck_redis_link_up")
/// ```
public struct StoreMetricNames: Equatable, Sendable {
    /// The histogram of one append's latency (records made durable), in seconds.
    public var appendSeconds: String
    /// The gauge that is 1 while the link to the store is up, 0 while it is down (nil: no link).
    public var linkUp: String?

    public init(appendSeconds: String, linkUp: String? = nil) {
        self.appendSeconds = appendSeconds
        self.linkUp = linkUp
    }
}
