import SwipeBackend
import Testing
@testable import SwipeServer

@Suite struct MetricsAccessTests {
    /// (--metrics-allow ranges, loopback allowed, peer, may scrape)
    static let rules: [([String], Bool, String, Bool)] = [
        ([], true, "127.0.0.1", true),
        ([], true, "127.0.0.2", true),
        ([], true, "::1", true),
        ([], true, "::ffff:127.0.0.1", true),
        ([], true, "192.0.2.1", false),
        ([], false, "127.0.0.1", false),
        (["127.0.0.1/32"], false, "127.0.0.1", true),
        (["127.0.0.1/32"], false, "127.0.0.2", false),
        (["10.0.0.0/8"], true, "10.20.30.40", true),
        (["10.0.0.0/8", "2001:db8::/32"], true, "2001:db8::9", true),
        (["10.0.0.0/8"], true, "", false),
        (["10.0.0.0/8"], true, "not an address", false),
    ]

    @Test(arguments: rules) func theAllowRule(ranges: [String], loopback: Bool, peer: String, allowed: Bool) throws {
        let access = MetricsAccess(ranges: try ranges.map(AddressRange.init(parsing:)), allowsLoopback: loopback)
        #expect(access.allows(peer) == allowed)
    }

    /// (response, the reason it is counted under)
    static let reasons: [(HTTPResponse, String)] = [
        (HTTPRoutes.metricsNotAllowed("192.0.2.1"), "notAllowed"),
        (HTTPRoutes.tooManyConnections(cap: 2, retryAfter: 1), "rateLimited"),
        (HTTPRoutes.headTooLarge(limit: 8192), "tooLarge"),
        (HTTPResponse(status: 502, contentType: "text/plain", body: Array("bad".utf8)), "http502"),
    ]

    @Test(arguments: reasons) func refusalsAreCountedByTheirCode(response: HTTPResponse, reason: String) {
        #expect(HTTPRoutes.refusalReason(response) == reason)
    }

    @Test func aScrapeRendersTheIncreaseOfEveryCounter() {
        let metrics = ServerMetrics(store: StoreMetricNames(appendSeconds: "swipedeck_redis_append_seconds", linkUp: "swipedeck_redis_link_up"))
        var counters = ServerCounters()
        counters.votes = 3
        counters.refused("rateLimited")
        metrics.recordStoreAppend(nanoseconds: 2_000_000)
        let gauges = MetricsGauges(openConnections: 2, pendingConnections: 1, roomsByPacing: ["lockstep": 1, "free": 0],
                                   queuedBytes: 42, storeLinkUp: true)
        _ = metrics.render(counters, gauges)
        counters.votes = 5
        counters.refused("rateLimited")
        let text = String(decoding: metrics.render(counters, gauges), as: UTF8.self)
        for line in ["swipedeck_votes_total 5", "swipedeck_refusals_total{reason=\"rateLimited\"} 2", "swipedeck_connections_open 2.0",
                     "swipedeck_connections_pending 1.0", "swipedeck_rooms{pacing=\"lockstep\"} 1.0", "swipedeck_rooms{pacing=\"free\"} 0.0",
                     "swipedeck_queued_bytes 42.0", "swipedeck_redis_link_up 1.0",
                     "swipedeck_redis_append_seconds_count 1", "swipedeck_matches_total 0"] {
            #expect(text.contains(line + "\n"), "\(line) missing from:\n\(text)")
        }
        // The metrics name the store's histogram and gauge as the store gave them, and no other store's.
        #expect(!text.contains("swipedeck_log_append_seconds"))
        let local = ServerMetrics(store: StoreMetricNames(appendSeconds: "swipedeck_log_append_seconds"))
        local.recordStoreAppend(nanoseconds: 120_000)
        let localText = String(decoding: local.render(counters, gauges), as: UTF8.self)
        #expect(localText.contains("swipedeck_log_append_seconds_count 1\n"), "\(localText)")
        #expect(!localText.contains("link_up"))
    }
}
