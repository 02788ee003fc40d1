// Shell: prints load results on stdout. Main thread only.
import Foundation

enum Report {
    /// `peers` by name (`nio`, `floor`): each gets its own object and `ratios_vs_NAME`.
    static func print(_ result: LoadResult, peers: [(name: String, result: LoadResult)], json: Bool) throws {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var object = try JSONSerialization.jsonObject(with: encoder.encode(result)) as? [String: Any] ?? [:]
            for peer in peers {
                object[peer.name] = try JSONSerialization.jsonObject(with: encoder.encode(peer.result))
                object["ratios_vs_\(peer.name)"] = ratios(result, peer.result)
            }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            Swift.print(String(decoding: data, as: UTF8.self))
            return
        }
        text(result)
        for peer in peers {
            text(peer.result)
            Swift.print("ratios (\(result.target) / \(peer.result.target); latency: lower is better, throughput: higher is better):")
            for (key, value) in ratios(result, peer.result).sorted(by: { $0.key < $1.key }) {
                Swift.print(String(format: "  %-28@ %.2f", key as NSString, value))
            }
        }
    }

    static func ratios(_ a: LoadResult, _ b: LoadResult) -> [String: Double] {
        func ratio(_ x: Double, _ y: Double) -> Double? { y > 0 ? (x / y * 100).rounded() / 100 : nil }
        var out: [String: Double] = [:]
        out["vote_p50"] = ratio(a.vote_latency_ms.p50, b.vote_latency_ms.p50)
        out["vote_p99"] = ratio(a.vote_latency_ms.p99, b.vote_latency_ms.p99)
        out["drag_p50"] = ratio(a.drag_latency_ms.p50, b.drag_latency_ms.p50)
        out["drag_p99"] = ratio(a.drag_latency_ms.p99, b.drag_latency_ms.p99)
        out["deliveries_per_s"] = ratio(a.deliveries_per_s, b.deliveries_per_s)
        out["votes_per_s"] = ratio(a.votes_per_s, b.votes_per_s)
        if let x = a.rss_per_connection_bytes, let y = b.rss_per_connection_bytes {
            out["rss_per_connection"] = ratio(Double(x), Double(y))
        }
        return out
    }

    static func text(_ r: LoadResult) {
        func lat(_ s: LatencySummary) -> String {
            String(format: "p50 %.2f  p90 %.2f  p99 %.2f  max %.2f ms  (n=%llu)", s.p50, s.p90, s.p99, s.max, s.count)
        }
        Swift.print("== \(r.target) (\(r.urls.joined(separator: ", "))): \(r.clients) clients in \(r.rooms) rooms, \(r.duration_s) s")
        Swift.print("  nodes            \(r.nodes)")
        Swift.print("  connections      \(r.connections)  (\(Int(r.connections_per_s))/s while connecting)")
        Swift.print("  vote latency     \(lat(r.vote_latency_ms))")
        Swift.print("  drag latency     \(lat(r.drag_latency_ms))")
        Swift.print("  votes/s          \(Int(r.votes_per_s))")
        Swift.print("  deliveries/s     \(Int(r.deliveries_per_s))")
        if let rss = r.server_rss_bytes { Swift.print("  server RSS       \(rss >> 10) KiB") }
        if let cpu = r.server_cpu_percent { Swift.print("  server CPU       \(cpu) % of one core") }
        if r.servers.count > 1 {
            for server in r.servers {
                let rss = server.rss_bytes.map { "\($0 >> 10) KiB" } ?? "RSS unknown"
                let cpu = server.cpu_percent.map { "\($0) % of one core" } ?? "CPU unknown"
                Swift.print("    pid \(server.pid)  \(rss), \(cpu)")
            }
        }
        if let cpu = r.bench_cpu_percent { Swift.print("  swipe-bench CPU  \(cpu) % of one core") }
        if let steal = r.machine_steal_percent, let idle = r.machine_idle_percent {
            Swift.print("  machine          \(steal) % stolen by the host, \(idle) % idle (of both cores)")
        }
        if let per = r.rss_per_connection_bytes { Swift.print("  RSS/connection   \(per) bytes") }
        Swift.print("  errors           \(r.errors) \(r.error_breakdown.isEmpty ? "" : "\(r.error_breakdown)")")
        if let s = r.stalled_reader {
            Swift.print("  stalled reader   closed by server: \(s.closed_by_server), unread bytes: \(s.bytes_left_unread)")
        }
    }
}
