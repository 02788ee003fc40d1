import Foundation
import Testing

/// Every refused upgrade and request reads as a standard HTTP/1.1 answer, checked byte for byte from
/// a raw socket: the status line with its reason phrase, JSON `{"code","message"}` with the
/// protocol's error codes, Content-Length, Connection: close (and the connection really ends),
/// Retry-After where waiting helps. A standard client library (Python `websockets`) sees the status.
@Suite struct SecurityRefusalTests {
    static let upgrade = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"

    /// What the server answered `request` (on a fresh socket from `source`), split into the status
    /// line, the header lines and the body, and whether it then ended the connection.
    static func answer(_ server: ServerProcess, _ request: String, from source: String? = nil)
        throws -> (status: String, headers: [String], body: String, ended: Bool) {
        let socket = try ServerRawSocket(port: server.port, timeout: 5, from: source)
        socket.write(Array(request.utf8))
        let (bytes, ended) = socket.readToEnd()
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw ServerRawSocket.Failure(description: "no HTTP answer: \(text)") }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        return (lines[0], Array(lines.dropFirst()), String(text[split.upperBound...]), ended)
    }

    /// The headers every refusal carries, around `extra`, for a body of `body`.
    static func refusalHeaders(_ body: String, _ extra: [String] = []) -> [String] {
        ["Content-Type: application/json", "Content-Length: \(body.utf8.count)", "Cache-Control: no-store"] + extra + ["Connection: close"]
    }

    static func json(_ body: String) -> [String: String]? {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: String]
    }

    /// After a refusal: the server is alive and a client from another address creates a room.
    static func anotherAddressCreatesARoom(_ server: ServerProcess) -> Bool {
        guard server.process.isRunning, let room = try? RawRoom.create(on: server, as: "Fresh", from: "127.0.0.2") else { return false }
        return !room.code.isEmpty
    }

    @Test func plainHTTPPastThePerAddressCapGets429AsJSON() throws {
        let server = try ServerProcess(arguments: ["--max-connections-per-address", "1"])
        // A kept-alive HTTP socket is the address's one socket in no room, too young to make way for HTTP.
        let held = try ServerRawSocket(port: server.port)
        held.write(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(held.readHTTP()?.head.hasPrefix("HTTP/1.1 200") == true)
        let http = try Self.answer(server, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(http.status == "HTTP/1.1 429 Too Many Requests")
        #expect(http.headers == Self.refusalHeaders(http.body, ["Retry-After: 10"]))
        #expect(Self.json(http.body) == ["code": "rateLimited",
                                          "message": "your address holds 1 connections already (--max-connections-per-address); retry in 10 s"])
        #expect(http.ended, "the connection stayed open after Connection: close")
        // An upgrade (the way into a room) is not refused: the socket in no room makes way at once.
        let upgraded = try Self.answer(server, Self.upgrade + "\r\n")
        #expect(upgraded.status == "HTTP/1.1 101 Switching Protocols")
        #expect(held.readToEnd().ended, "the held HTTP socket was not hung up")
        #expect(Self.anotherAddressCreatesARoom(server))
        #expect(server.terminate() == 0)
    }

    @Test func anOriginOutsideTheAllowListGets403AsJSON() throws {
        let server = try ServerProcess(arguments: ["--origin", "https://swipe.example"])
        let refused = try Self.answer(server, Self.upgrade + "Origin: https://evil.example\r\n\r\n")
        #expect(refused.status == "HTTP/1.1 403 Forbidden")
        #expect(refused.headers == Self.refusalHeaders(refused.body))
        #expect(Self.json(refused.body) == ["code": "notAllowed",
                                             "message": "WebSockets from origin https://evil.example are not allowed here (--origin)"])
        #expect(refused.ended)
        #expect(Self.anotherAddressCreatesARoom(server))   // (lws's client sends an Origin of its own: not FreshClient here)
        #expect(server.terminate() == 0)
    }

    @Test func anUnknownSubprotocolGets400AsJSON() throws {
        let server = try ServerProcess()
        let refused = try Self.answer(server, Self.upgrade + "Sec-WebSocket-Protocol: chat.v9\r\n\r\n")
        #expect(refused.status == "HTTP/1.1 400 Bad Request")
        #expect(refused.headers == Self.refusalHeaders(refused.body))
        #expect(Self.json(refused.body)?["code"] == "badField")
        #expect(Self.json(refused.body)?["message"]?.contains("chat.v9") == true)
        #expect(refused.ended)
        #expect(Self.anotherAddressCreatesARoom(server))
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    @Test func guessesPastTheLimitGet429WithRetryAfterAsJSON() throws {
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "1"])
        for _ in 0..<2 { _ = try Self.answer(server, "GET /rooms/AAAA-AAAA-AA/results.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") }
        let limited = try Self.answer(server, "GET /rooms/AAAA-AAAA-AA/results.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(limited.status == "HTTP/1.1 429 Too Many Requests")
        #expect(limited.headers.contains { $0.hasPrefix("Retry-After: ") })
        #expect(Self.json(limited.body) == nil)   // retryAfter is a number: not all strings
        #expect(limited.body.contains(#""code":"rateLimited""#))
        #expect(Self.anotherAddressCreatesARoom(server))
        #expect(server.terminate() == 0)
    }

    /// Python's `websockets` (pip) and the path of a python3 that has it, if any.
    static let python: String? = {
        for candidate in ["/root/.pyenv/shims/python3", "/usr/local/bin/python3", "/usr/bin/python3"]
            where FileManager.default.isExecutableFile(atPath: candidate) {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: candidate)
            probe.arguments = ["-c", "import websockets.sync.client"]
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { continue }
            probe.waitUntilExit()
            if probe.terminationStatus == 0 { return candidate }
        }
        return nil
    }()

    @Test(.enabled(if: python != nil, "python3 with websockets (pip install websockets) is not installed"))
    func pythonWebsocketsSeesTheRefusalAndItsJSON() throws {
        // (An upgrade is no longer refused at the per-address cap: a socket in no room makes way.)
        let python = try #require(Self.python)
        let server = try ServerProcess(arguments: ["--origin", "https://swipe.example"])
        let script = """
        import sys
        from websockets.sync.client import connect
        try:
            connect(sys.argv[1], open_timeout=5, origin="https://elsewhere.example")
            print("connected")
        except Exception as e:
            r = getattr(e, "response", None)
            print(type(e).__name__, getattr(r, "status_code", None), (getattr(r, "body", None) or b"").decode())
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, server.url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()   // a real external process: bounded by its open_timeout
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.hasPrefix("InvalidStatus 403 {\"code\":\"notAllowed\""), "\(printed)")
        #expect(Self.anotherAddressCreatesARoom(server))
        #expect(server.terminate() == 0)
    }
}
