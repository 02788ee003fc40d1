import Foundation
import Testing
import SwipeProtocol

/// One failed-guess limit for every room-code lookup (WebSocket join and HTTP results), which never
/// stops a resume with a valid token, tells the limited client when to retry, and behind
/// `--trust-proxy` counts the client the proxy names instead of the proxy.
@Suite struct SecurityGuessLimitTests {
    /// A raw HTTP request with extra header lines; status, head and body.
    static func get(_ server: ServerProcess, _ path: String, headers: String = "") throws -> (status: Int, head: String, body: String) {
        let socket = try ServerRawSocket(port: server.port)
        socket.write(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n".utf8))
        guard let response = socket.readHTTP() else { throw ServerRawSocket.Failure(description: "no answer for \(path)") }
        let status = Int(response.head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, response.head, response.body)
    }

    static func joined(_ server: ServerProcess, _ join: String) throws -> String {
        let socket = try ServerRawSocket(port: server.port)
        _ = try socket.upgrade(path: "/")
        socket.sendText(join)
        return SecurityAccessTests.nextText(socket) ?? ""
    }

    @Test func httpResultsGuessesShareTheLimitWithJoins() throws {
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "3"])
        var statuses: [Int] = []
        for guess in ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC", "DDDD-DDDD-DD"] {
            statuses.append(try Self.get(server, "/rooms/\(guess)/results.csv").status)
        }
        #expect(statuses == [404, 404, 404, 429])
        let limited = try Self.get(server, "/rooms/EEEE-EEEE-EE/results.json")
        #expect(limited.status == 429)
        let retryAfter = limited.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("retry-after:") }
        #expect(retryAfter.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }.map { (1...60).contains($0) } == true)
        // The WebSocket join from the same address is limited by the HTTP guesses, and says when to retry.
        let reply = try Self.joined(server, #"{"type":"join","room":"FFFF-FFFF-FF","name":"Mallory"}"#)
        let error = try #require(try? WireCodec.decodeServer(Array(reply.utf8)).get())
        guard case let .error(refusal) = error else { Issue.record("expected an error, got \(reply)"); return }
        #expect(refusal.code == .rateLimited)
        #expect(refusal.retryAfter.map { $0 >= 1 && $0 <= 60 } == true)
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    @Test func aResumeWithAValidTokenIsNeverLimited() throws {
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "2"])
        let room = try RawRoom.create(on: server)
        let (code, token) = (room.code, room.token)
        // A stranger from the same address uses up the address's failed guesses.
        for guess in ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC"] {
            _ = try Self.joined(server, #"{"type":"join","room":"\#(guess)","name":"Mallory"}"#)
        }
        // Ann comes back with her token: welcome, not rateLimited.
        let resumed = try Self.joined(server, #"{"type":"join","room":"\#(code)","name":"Ann","token":"\#(token)"}"#)
        #expect(resumed.contains(#""type":"welcome""#), "\(resumed)")
        // A wrong token is refused like any guess, without saying whether the room exists.
        let forged = try Self.joined(server, #"{"type":"join","room":"\#(code)","name":"Ann","token":"\#(String(repeating: "0", count: token.count))"}"#)
        #expect(forged.contains(#""rateLimited""#), "\(forged)")
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    /// (proxy header lines, the client address the limit should count)
    static let forwardedCases: [(String, String)] = [
        ("X-Forwarded-For: 6.6.6.6, 203.0.113.7\r\n", "203.0.113.7"),
        ("Forwarded: for=6.6.6.6, for=\"203.0.113.7:4711\";proto=http\r\n", "203.0.113.7"),
        ("Forwarded: for=\"[2001:db8::7]:4711\"\r\n", "2001:db8::7"),
    ]

    @Test(arguments: forwardedCases)
    func behindATrustedProxyTheForwardedClientIsCounted(header: String, client: String) throws {
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "2", "--trust-proxy", "127.0.0.0/8"])
        var statuses: [Int] = []
        for guess in ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC"] {
            statuses.append(try Self.get(server, "/rooms/\(guess)/results.json", headers: header).status)
        }
        #expect(statuses == [404, 404, 429], "client \(client)")
        // Another client behind the same proxy is not locked out by the first one's guesses.
        let other = try Self.get(server, "/rooms/DDDD-DDDD-DD/results.json", headers: "X-Forwarded-For: 198.51.100.20\r\n")
        #expect(other.status == 404)
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    @Test func forwardedHeadersFromAnUntrustedPeerAreIgnored() throws {
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "2"])
        var statuses: [Int] = []
        for (index, guess) in ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC"].enumerated() {
            // A client cannot dodge the limit by claiming to be someone else each time.
            statuses.append(try Self.get(server, "/rooms/\(guess)/results.json", headers: "X-Forwarded-For: 10.9.9.\(index)\r\n").status)
        }
        #expect(statuses == [404, 404, 429])
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }
}
