import Testing
@testable import SwipeClientCore

@Suite struct WebSocketURLTests {
    @Test(arguments: [
        ("ws://127.0.0.1:7700/", WebSocketURL.Scheme.ws, "127.0.0.1", 7700, "/"),
        ("ws://localhost", .ws, "localhost", 80, "/"),
        ("wss://swipe.example", .wss, "swipe.example", 443, "/"),
        ("WSS://Swipe.example:9443/rooms?x=1", .wss, "Swipe.example", 9443, "/rooms?x=1"),
        ("ws://host?room=ABCD", .ws, "host", 80, "/?room=ABCD"),
        ("ws://[::1]:7700/a", .ws, "::1", 7700, "/a"),
        ("ws://[::1]", .ws, "::1", 80, "/"),
        ("  ws://h:1/p#frag  ", .ws, "h", 1, "/p"),
    ])
    func parsesValidURLs(text: String, scheme: WebSocketURL.Scheme, host: String, port: Int, path: String) throws {
        let url = try WebSocketURL(parsing: text)
        #expect(url.scheme == scheme)
        #expect(url.host == host)
        #expect(url.port == port)
        #expect(url.path == path)
    }

    @Test(arguments: [
        ("", WebSocketURLError.empty),
        ("   ", .empty),
        ("localhost:7700", .missingScheme("localhost:7700")),
        ("http://x", .unsupportedScheme("http://x", "http")),
        ("ws://", .missingHost("ws://")),
        ("ws://:7700/", .missingHost("ws://:7700/")),
        ("ws://h:0", .badPort("ws://h:0", "0")),
        ("ws://h:99999", .badPort("ws://h:99999", "99999")),
        ("ws://h:abc", .badPort("ws://h:abc", "abc")),
        ("ws://h:", .badPort("ws://h:", "")),
        ("ws://::1:80", .badHost("ws://::1:80", "::1:80")),
        ("ws://[::1", .badHost("ws://[::1", "[::1")),
        ("ws://u@h", .userInfoNotSupported("ws://u@h")),
        ("ws://h o", .invalidCharacter("ws://h o", "\" \"")),
    ])
    func rejectsBadURLs(text: String, expected: WebSocketURLError) {
        #expect(throws: expected) { try WebSocketURL(parsing: text) }
    }

    @Test func errorsQuoteTheInput() {
        #expect(WebSocketURLError.badPort("ws://h:99999", "99999").description
            == "bad port \"99999\" in \"ws://h:99999\" (expected a number from 1 to 65535)")
        #expect(WebSocketURLError.unsupportedScheme("http://x", "http").description.contains("use ws:// or wss://"))
    }

    @Test(arguments: [
        ("ws://h", "ws://h:80/"),
        ("wss://[::1]:9/x", "wss://[::1]:9/x"),
    ])
    func describesWithExplicitPort(text: String, expected: String) throws {
        #expect(try WebSocketURL(parsing: text).description == expected)
    }

    /// The same server over HTTP(S), for `/decks`, results and pictures.
    @Test(arguments: [
        ("ws://127.0.0.1:7681/K7QM", "http://127.0.0.1:7681"),
        ("wss://swipe.example.org", "https://swipe.example.org:443"),
        ("ws://[::1]:7681", "http://[::1]:7681"),
    ])
    func theHTTPBaseFollowsTheScheme(_ text: String, _ base: String) throws {
        #expect(try WebSocketURL(parsing: text).httpBase == base)
    }
}
