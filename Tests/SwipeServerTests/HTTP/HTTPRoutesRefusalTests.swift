import Testing
import SwipeCore
import SwipeProtocol
import SwipeRooms
@testable import SwipeServer

@Suite struct HTTPRoutesRefusalTests {
    static let status = ServerStatus(version: "0.1.0", protocol: 1, uptimeSeconds: 2, rooms: 0, connections: 0, pendingConnections: 4)
    static let registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 5))

    /// (method, path, retryAfter, status, extra header, missedRoom)
    static let cases: [(HTTPMethod, String, Double?, UInt32, [String: String], Bool)] = [
        (.get, "/healthz", nil, 200, [:], false),
        (.head, "/healthz", nil, 200, [:], false),
        (.other("POST"), "/healthz", nil, 405, ["Allow": "GET, HEAD"], false),
        (.other("DELETE"), "/rooms/AAAA-AAAA-AA/results.json", nil, 405, ["Allow": "GET, HEAD"], false),
        (.get, "/" + String(repeating: "a", count: 3000), nil, 414, [:], false),
        (.get, "/rooms/AAAA-AAAA-AA/results.json", nil, 404, [:], true),
        (.get, "/rooms/AAAA-AAAA-AA/results.csv", 42, 429, ["Retry-After": "42"], false),
        (.get, "/healthz", 42, 200, [:], false),   // only room lookups are limited
    ]

    @Test(arguments: cases) func refusals(method: HTTPMethod, path: String, retryAfter: Double?, status: UInt32,
                                          headers: [String: String], missedRoom: Bool) {
        let response = HTTPRoutes.respond(to: path, method: method, registry: Self.registry, status: Self.status, retryAfter: retryAfter)
        #expect(response.status == status)
        #expect(response.headers == headers)
        #expect(response.missedRoom == missedRoom)
    }

    @Test func healthCountsPendingConnections() {
        let body = HTTPRoutes.respond(to: "/healthz", registry: Self.registry, status: Self.status).body
        #expect(String(decoding: body, as: UTF8.self).contains("\"pendingConnections\":4"))
    }

    /// (cell, as exported)
    static let cells: [(String, String)] = [
        ("=1+1", "'=1+1"), ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"), ("-2", "'-2"), ("@SUM(1+1)", "'@SUM(1+1)"),
        ("\tx", "'\tx"), ("\rx", "'\rx"), ("Dune", "Dune"), ("a=b", "a=b"), ("", ""),
    ]

    @Test(arguments: cells) func formulaCellsAreNeutralised(cell: String, exported: String) {
        #expect(ResultsExport.neutralised(cell) == exported)
    }
}

@Suite struct OutboundQueueBytesTests {
    @Test func theByteBoundCoversBothLanesAndIsGivenBackByPops() {
        var queue = OutboundQueue(capacity: 100, maxBytes: 10)
        let key = OutboundQueue.Key(member: "m2", card: "dune")
        #expect(queue.push([UInt8](repeating: 1, count: 6)) == .queued)
        #expect(queue.push([UInt8](repeating: 2, count: 3), coalescing: key) == .queued)
        #expect(queue.push([UInt8](repeating: 3, count: 2)) == .overflow)            // 11 > 10
        #expect(queue.push([UInt8](repeating: 4, count: 4), coalescing: key) == .coalesced)   // 6 + 4
        #expect(queue.push([UInt8](repeating: 5, count: 5), coalescing: key) == .overflow)    // 6 + 5
        #expect(queue.byteCount == 10)
        _ = queue.pop()
        #expect(queue.byteCount == 4)
        queue.removeAll()
        #expect(queue.byteCount == 0)
    }
}
