import Foundation
import Testing

/// The plain-HTTP side: HEAD has no body, other methods get 405 with Allow, an over-long URL 414,
/// /healthz counts sockets that never finished a handshake, and the log's files are owner-only.
@Suite struct SecurityHTTPTests {
    static func request(_ server: ServerProcess, _ head: String) throws -> (status: Int, head: String, rest: [UInt8]) {
        let socket = try ServerRawSocket(port: server.port, timeout: 5)
        socket.write(Array(head.utf8))
        guard let response = socket.readHTTP() else { throw ServerRawSocket.Failure(description: "no answer to \(head.prefix(40))") }
        let status = Int(response.head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, response.head, Array(response.body.utf8))
    }

    @Test func headHasNoBodyAndOtherMethodsGet405WithAllow() throws {
        let server = try ServerProcess()
        // HEAD: the GET's headers, then the next response on the same connection comes straight after.
        let socket = try ServerRawSocket(port: server.port, timeout: 5)
        socket.write(Array("HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        let head = socket.readHTTP(withBody: false).map { ($0.head, $0.body) }
        #expect(head?.0.hasPrefix("HTTP/1.1 200") == true)
        let next = socket.readHTTP()
        #expect(next?.head.hasPrefix("HTTP/1.1 404") == true, "the HEAD answer carried a body: \(next?.head ?? "nothing")")
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let answer = try Self.request(server, "\(method) /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            #expect(answer.status == 405, "\(method)")
            #expect(answer.head.lowercased().contains("allow: get, head"), "\(method): \(answer.head)")
        }
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    @Test func anOverLongURLGets414() throws {
        let server = try ServerProcess()
        let answer = try Self.request(server, "GET /rooms/\(String(repeating: "A", count: 8000))/results.json HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(answer.status == 414)
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    @Test func healthCountsHandshakesThatNeverFinish() throws {
        let server = try ServerProcess()
        let silent = try (0..<20).map { _ in try ServerRawSocket(port: server.port) }
        // 20 silent sockets and the /healthz request itself.
        #expect(ProcessProbe.eventually { (FreshClient.health(server)?["pendingConnections"] as? Int) == 21 })
        _ = silent
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    @Test func theLogAndItsWALAreOwnerOnly() throws {
        let directory = NSTemporaryDirectory() + "swipe-modes-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerProcess(arguments: ["--data", directory])
        #expect(FreshClient.createsARoomAndVotes(on: server))
        for name in ["rooms.sqlite", "rooms.sqlite-wal", "rooms.sqlite-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(name)")
        }
        #expect(server.terminate() == 0)
    }
}

/// Request heads too large for libwebsockets get 431 instead of a dropped connection.
@Suite struct SecurityHeaderFloodTests {
    /// (header lines, count) of a flood, and the status expected.
    static let cases: [(String, Int, Int)] = [
        ("X-Flood-%d: " + String(repeating: "a", count: 100), 40, 200),     // 4 KB: served
        ("X-Flood-%d: " + String(repeating: "a", count: 100), 150, 431),    // 15 KB: over lws's 12 KiB
        ("X-Flood-%d: " + String(repeating: "a", count: 100), 600, 431),    // 60 KB
        ("Cookie: " + String(repeating: "c", count: 9000) + "%d", 1, 431),  // one long header
    ]

    @Test(arguments: cases.indices) func headerFloodsGet431(index: Int) throws {
        let (line, count, expected) = Self.cases[index]
        let server = try ServerProcess()
        let headers = (0..<count).map { String(format: line, $0) }.joined(separator: "\r\n")
        let answer = try SecurityHTTPTests.request(server, "GET /healthz HTTP/1.1\r\nHost: x\r\n\(headers)\r\n\r\n")
        #expect(answer.status == expected, "\(count) × \(line.prefix(20))")
        let upgrade = try ServerRawSocket(port: server.port)
        let head = try upgrade.upgrade(path: "/", extraHeaders: headers + "\r\n")
        #expect(head.contains(expected == 200 ? " 101" : " 431"), "upgrade with \(count) × \(line.prefix(20)): \(head.prefix(40))")
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }
}
