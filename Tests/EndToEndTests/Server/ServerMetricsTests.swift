import Foundation
import SwipeCore
import SwipeProtocol
import Testing

/// `GET /metrics` on a real server during a real session: the counters follow the votes, matches
/// and refusals the session caused, and a peer outside the allow rule gets 403. The server is
/// started with loopback off and only 127.0.0.1/32 allowed, so 127.0.0.2 (also loopback) is refused.
@Suite struct ServerMetricsTests {
    /// A GET from `source` on a fresh connection: status and body.
    static func scrape(_ server: ServerProcess, from source: String? = nil) throws -> (status: Int, body: String) {
        let socket = try ServerRawSocket(port: server.port, timeout: 5, from: source)
        socket.write(Array("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        guard let response = socket.readHTTP() else { throw ServerRawSocket.Failure(description: "no answer to /metrics") }
        return (Int(response.head.split(separator: " ").dropFirst().first ?? "") ?? 0, response.body)
    }

    /// Series (name with its labels, as written) → value, from the Prometheus text format.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    @Test func countersFollowTheSessionAndOthersGet403() throws {
        let log = NSTemporaryDirectory() + "swipe-metrics-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let server = try ServerProcess(arguments: ["--no-metrics-loopback", "--metrics-allow", "127.0.0.1/32",
                                                   "--log-format", "json", "--log-level", "info"], stderrPath: log)
        let before = Self.samples(try Self.scrape(server).body)
        #expect(before["swipedeck_votes_total"] == 0)
        #expect(before["swipedeck_rooms{pacing=\"lockstep\"}"] == 0)

        let ann = DecisionMember(name: "Ann", url: { server.url })
        let bo = DecisionMember(name: "Bo", url: { server.url })
        let cards = [Card(id: "pho", title: "Pho"), Card(id: "tacos", title: "Tacos")]
        let welcome = try ann.connect(.create(CreateRoom(name: "Ann", cards: cards, rule: .unanimous, pacing: .lockstep)))
        try bo.connect(.join(JoinRoom(room: welcome.room.code, name: "Bo")))
        ann.send(.host(HostCommand(command: .start)))
        #expect(ann.next { $0.type == "phase" } != nil)
        try ann.vote("pho", .right)
        try bo.vote("pho", .right)            // a match
        #expect(ann.next { $0.type == "cardResolved" } != nil)
        bo.send(.swipe(SwipeVote(card: "pho", direction: .left, seq: 99)))   // refused: that card is decided
        #expect(bo.next { $0.type == "error" } != nil)
        try ann.vote("tacos", .left)
        try bo.vote("tacos", .right)          // no match

        let during = try Self.scrape(server)
        #expect(during.status == 200)
        let after = Self.samples(during.body)
        #expect(after["swipedeck_votes_total"] == 4)
        #expect(after["swipedeck_matches_total"] == 1)
        #expect((after.first { $0.key.hasPrefix("swipedeck_refusals_total{") && $0.key.contains("reason=\"") && $0.value >= 1 }) != nil,
                "no refusal counted: \(during.body)")
        #expect(after["swipedeck_rooms{pacing=\"lockstep\"}"] == 1)
        #expect(after["swipedeck_connections_open"] == 2)
        #expect((after["swipedeck_messages_in_total"] ?? 0) >= 8)        // create, join, start, 5 swipes
        #expect((after["swipedeck_messages_out_total"] ?? 0) > (after["swipedeck_messages_in_total"] ?? 0))
        #expect(after["swipedeck_log_append_seconds_count"] != nil)      // a histogram, even with no log
        #expect(during.body.contains("# TYPE swipedeck_votes_total counter"))

        let refused = try Self.scrape(server, from: "127.0.0.2")
        #expect(refused.status == 403)
        #expect(refused.body.contains("\"code\":\"notAllowed\""))
        let last = Self.samples(try Self.scrape(server).body)
        #expect(last["swipedeck_refusals_total{reason=\"notAllowed\"}"] == 1)
        ann.close()
        bo.close()
        #expect(server.terminate() == 0)

        // --log-format json: every line of the log is one object with the fields.
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["time"] is String && object?["level"] is String && object?["message"] is String
                && object?["metadata"] is [String: Any], "\(line)")
        }
    }

    @Test func loopbackMayScrapeByDefault() throws {
        let server = try ServerProcess()
        #expect(try Self.scrape(server, from: "127.0.0.2").status == 200)
        #expect(server.terminate() == 0)
    }
}
