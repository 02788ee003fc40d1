import Foundation
import Testing
import SwipeProtocol
@testable import SwipeServer

/// Every refusal reads as a standard HTTP/1.1 answer: a status line with its reason phrase, JSON
/// with the protocol's error code, Content-Length, Connection: close, Retry-After where waiting helps.
@Suite struct HTTPResponseHeadTests {
    /// (refusal, status line, code, headers beyond the common ones)
    static let refusals: [(HTTPResponse, String, String, [String])] = [
        (HTTPRoutes.tooManyConnections(cap: 256, retryAfter: 10), "HTTP/1.1 429 Too Many Requests", "rateLimited", ["Retry-After: 10"]),
        (HTTPRoutes.originNotAllowed("https://evil.example"), "HTTP/1.1 403 Forbidden", "notAllowed", []),
        (HTTPRoutes.unsupportedSubprotocol("no supported subprotocol in \"x\""), "HTTP/1.1 400 Bad Request", "badField", []),
        (HTTPRoutes.methodNotAllowed("TRACE"), "HTTP/1.1 405 Method Not Allowed", "notAllowed", ["Allow: GET, HEAD"]),
        (HTTPRoutes.headTooLarge(limit: 8192), "HTTP/1.1 431 Request Header Fields Too Large", "tooLarge", []),
    ]

    @Test(arguments: refusals.indices) func refusalsAreWholeHTTPAnswers(index: Int) throws {
        let (response, statusLine, code, extra) = Self.refusals[index]
        let text = String(decoding: HTTPResponseHead.bytes(of: response), as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 2)
        let lines = parts[0].components(separatedBy: "\r\n")
        let body = parts[1]
        #expect(lines == [statusLine, "Content-Type: application/json", "Content-Length: \(body.utf8.count)",
                          "Cache-Control: no-store"] + extra + ["Connection: close"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
        #expect(json["code"] == code)
        #expect(json.keys.sorted() == ["code", "message"])
        #expect(json["message"]?.isEmpty == false)
    }

    @Test func headLeavesTheBodyOutButKeepsItsLength() {
        let response = HTTPRoutes.methodNotAllowed("TRACE")
        let head = HTTPResponseHead.bytes(of: response, includingBody: false)
        #expect(head == HTTPResponseHead.head(of: response))
        #expect(String(decoding: head, as: UTF8.self).contains("Content-Length: \(response.body.count)\r\n"))
    }

    @Test func aKeptAliveAnswerSaysNothingOfTheConnection() {
        let ok = HTTPResponse(status: 200, contentType: "application/json", body: Array("{}".utf8))
        #expect(String(decoding: HTTPResponseHead.bytes(of: ok), as: UTF8.self)
            == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nCache-Control: no-store\r\n\r\n{}")
    }

    @Test(arguments: [(200 as UInt32, "OK"), (404, "Not Found"), (414, "URI Too Long"), (429, "Too Many Requests"),
                      (503, "Service Unavailable"), (299, "Unknown")])
    func reasonPhrases(status: UInt32, phrase: String) {
        #expect(HTTPResponseHead.reasonPhrase(status) == phrase)
    }

    @Test func aMethodNameIsShownWithoutControlBytes() {
        let body = String(decoding: HTTPRoutes.methodNotAllowed("BR\u{1B}[2JEW").body, as: UTF8.self)
        #expect(!body.contains("\u{1B}"))
        #expect(body.contains("BR[2JEW"))
    }
}
