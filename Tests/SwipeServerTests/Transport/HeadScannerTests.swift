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
