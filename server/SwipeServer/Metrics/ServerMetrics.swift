// The server's metrics in swift-metrics, backed by a swift-prometheus registry of its own (not the
// process-wide MetricsSystem: tests run many servers in one process). Service thread only: the
// hot path counts in `ServerCounters` (plain integers); a scrape hands their increase since the last
// scrape to the swift-metrics counters, sets the gauges and renders the registry. Histograms
// (the store's appends, under its own names) are recorded as they happen, once per append, on the same thread.
import CoreMetrics
import SwipeBackend
import Prometheus

/// swift-metrics counters, gauges and timers over a `PrometheusCollectorRegistry`.
///
/// ```swift
/// let metrics = ServerMetrics(store: StoreMetricNames(appendSeconds: "swipedeck_log_append_seconds"))
/// var counters = ServerCounters()
/// counters.votes = 3
/// metrics.recordLogAppend(nanoseconds: 120_000)
/// let text = metrics.render(counters, MetricsGauges(openConnections: 2, pendingConnections: 0,
///                                                   roomsByPacing: ["lockstep": 1, "free": 0], queuedBytes: 0))
/// // "# TYPE swipedeck_votes_total counter\nswipedeck_votes_total 3\n…"
/// ```
public final class ServerMetrics: @unchecked Sendable {
    /// Buckets of the append histograms: 50 µs to 2.5 s.
    public static let appendBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .seconds(1), .milliseconds(2500),
    ]

    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let messagesIn: CoreMetrics.Counter
    private let messagesOut: CoreMetrics.Counter
    private let votes: CoreMetrics.Counter
    private let matches: CoreMetrics.Counter
    private let checkpoints: CoreMetrics.Counter
    private var refusals: [String: CoreMetrics.Counter] = [:]
    private let openConnections: CoreMetrics.Gauge
    private let pendingConnections: CoreMetrics.Gauge
    private var rooms: [String: CoreMetrics.Gauge] = [:]
    private let queuedBytes: CoreMetrics.Gauge
    /// The store's appends and its link, under the names the store gives them.
    private let storeAppend: CoreMetrics.Timer
    private let storeLinkUp: CoreMetrics.Gauge?
    /// The counters as of the last scrape.
    private var synced = ServerCounters()

    /// `store`: the names of the store's append histogram and link gauge (the store's own words).
    public init(store: StoreMetricNames) {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = [store.appendSeconds: Self.appendBuckets]
        self.factory = factory
        messagesIn = CoreMetrics.Counter(label: "swipedeck_messages_in_total", factory: factory)
        messagesOut = CoreMetrics.Counter(label: "swipedeck_messages_out_total", factory: factory)
        votes = CoreMetrics.Counter(label: "swipedeck_votes_total", factory: factory)
        matches = CoreMetrics.Counter(label: "swipedeck_matches_total", factory: factory)
        checkpoints = CoreMetrics.Counter(label: "swipedeck_checkpoints_total", factory: factory)
        openConnections = CoreMetrics.Gauge(label: "swipedeck_connections_open", factory: factory)
        pendingConnections = CoreMetrics.Gauge(label: "swipedeck_connections_pending", factory: factory)
        queuedBytes = CoreMetrics.Gauge(label: "swipedeck_queued_bytes", factory: factory)
        storeAppend = CoreMetrics.Timer(label: store.appendSeconds, factory: factory)
        storeLinkUp = store.linkUp.map { CoreMetrics.Gauge(label: $0, factory: factory) }
    }

    /// One append to the store took `nanoseconds` (its records made durable: a log transaction,
    /// or a shared store's round trip).
    public func recordStoreAppend(nanoseconds: Int64) { storeAppend.recordNanoseconds(nanoseconds) }

    /// One append to the store, begun at `start`, is done.
    ///
    /// ```swift
    /// metrics.recordStoreAppend(since: started)
    /// ```
    public func recordStoreAppend(since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        recordStoreAppend(nanoseconds: elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }

    /// Brings the metrics up to `counters` and `gauges` and renders them in the Prometheus text format.
    public func render(_ counters: ServerCounters, _ gauges: MetricsGauges) -> [UInt8] {
        advance(messagesIn, by: counters.messagesIn - synced.messagesIn)
        advance(messagesOut, by: counters.messagesOut - synced.messagesOut)
        advance(votes, by: counters.votes - synced.votes)
        advance(matches, by: counters.matches - synced.matches)
        advance(checkpoints, by: counters.checkpoints - synced.checkpoints)
        for (reason, count) in counters.refusals {
            let counter = refusals[reason] ?? CoreMetrics.Counter(label: "swipedeck_refusals_total", dimensions: [("reason", reason)], factory: factory)
            refusals[reason] = counter
            advance(counter, by: count - synced.refusals[reason, default: 0])
        }
        synced = counters
        openConnections.record(gauges.openConnections)
        pendingConnections.record(gauges.pendingConnections)
        queuedBytes.record(gauges.queuedBytes)
        for (pacing, count) in gauges.roomsByPacing {
            let gauge = rooms[pacing] ?? CoreMetrics.Gauge(label: "swipedeck_rooms", dimensions: [("pacing", pacing)], factory: factory)
            rooms[pacing] = gauge
            gauge.record(count)
        }
        if let storeLinkUp, let up = gauges.storeLinkUp { storeLinkUp.record(up ? 1 : 0) }
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }

    private func advance(_ counter: CoreMetrics.Counter, by amount: Int) {
        if amount > 0 { counter.increment(by: Int64(amount)) }
    }
}
