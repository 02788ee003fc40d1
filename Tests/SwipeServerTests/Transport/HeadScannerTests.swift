import Testing
@testable import SwipeServer

@Suite struct HeadScannerTests {
    /// (name, the stream, chunk size, limit, outcome)
    static let cases: [(String, String, Int, Int, HeadScanner.Outcome)] = [
        ("a short head", "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 100, 64, .ended),
        ("a short head a byte at a time", "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 1, 64, .ended),
        ("not ended yet", "GET / HTTP/1.1\r\nHost: x\r\n", 100, 64, .reading),
        ("CR CR LF LF is not the end", "GET / HTTP/1.1\r\r\n\nHost: x\r\n", 100, 64, .reading),
        ("over the limit", "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 100) + "\r\n\r\n", 7, 64, .tooLarge),
        ("an end split across chunks", "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 2, 64, .ended),
        ("HEAD", "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n", 3, 64, .ended),
        ("empty lines before GET", "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", 1, 64, .ended),
        ("TRACE", "TRACE / HTTP/1.1\r\nHost: x\r\n\r\n", 100, 64, .methodNotAllowed("TRACE")),
        ("CONNECT a byte at a time", "CONNECT x:80 HTTP/1.1\r\n\r\n", 1, 64, .methodNotAllowed("CONNECT")),
        ("POST", "POST /healthz HTTP/1.1\r\nContent-Length: 0\r\n\r\n", 100, 64, .methodNotAllowed("POST")),
        ("an unknown method", "BREW /pot HTTP/1.1\r\n\r\n", 2, 64, .methodNotAllowed("BREW")),
        ("lower-case get", "get / HTTP/1.1\r\n\r\n", 100, 64, .methodNotAllowed("get")),
        ("a method without end", String(repeating: "X", count: 40), 100, 64, .methodNotAllowed(String(repeating: "X", count: 24))),
    ]

    @Test(arguments: cases.map(\.0)) func headsAreMeasured(name: String) {
        guard let (_, text, chunk, limit, expected) = Self.cases.first(where: { $0.0 == name }) else { return }
        var scanner = HeadScanner(limit: limit)
        let bytes = Array(text.utf8)
        var outcome = HeadScanner.Outcome.reading
        var offset = 0
        while offset < bytes.count, outcome == .reading {
            outcome = scanner.scan(bytes[offset..<min(bytes.count, offset + chunk)])
            offset += chunk
        }
        #expect(outcome == expected, "\(name)")
    }
}
