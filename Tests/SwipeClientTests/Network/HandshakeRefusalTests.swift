import Testing
@testable import SwipeClient

@Suite struct HandshakeRefusalTests {
    static let body = #"{"code":"rateLimited","message":"your address holds 256 connections already"}"#
    static let refused = "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        + "Retry-After: 10\r\nConnection: close\r\n\r\n" + body

    /// (raw answer, what it reads as; nil: not a refusal, or not complete yet)
    static let cases: [(String, HandshakeRefusal?)] = [
        (refused, HandshakeRefusal(status: 429, code: "rateLimited", message: "your address holds 256 connections already")),
        (String(refused.dropLast(5)), nil),                                   // the body is not all there yet
        (String(refused.prefix(40)), nil),                                    // nor the head
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n", nil),
        ("HTTP/1.0 429 \r\ncontent-type: text/html\r\ncontent-length: 4\r\n\r\n<h1>", HandshakeRefusal(status: 429)),   // lws's own page
        ("HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n[1,2]", HandshakeRefusal(status: 403)),
        ("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n", HandshakeRefusal(status: 503)),
        ("SSH-2.0-OpenSSH_9.2\r\n\r\n", nil),
    ]

    @Test(arguments: cases.indices) func reads(index: Int) {
        let (raw, expected) = Self.cases[index]
        #expect(HandshakeRefusal.parse(Array(raw.utf8)) == expected)
    }

    @Test func describesWithTheMessageAndTheStatus() {
        #expect(HandshakeRefusal(status: 429, code: "rateLimited", message: "too many").description == "too many (429)")
        #expect(HandshakeRefusal(status: 502).description == "HTTP 502")
    }
}
