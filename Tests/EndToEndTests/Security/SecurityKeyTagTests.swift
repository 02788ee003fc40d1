import Foundation
import SwipeProtocol
import Testing

/// A key tag beside a name is the server's word: taken from `X-SwipeDeck-Key` only when a
/// `--trust-proxy` address (the SSH gateway's) sends it, never from the client's own JSON, and
/// never with `--no-key-tags`.
@Suite struct SecurityKeyTagTests {
    /// (the server's flags, the tag the welcome shows)
    static let cases: [([String], String?)] = [
        ([], nil),                                                    // a stranger's header and JSON: no tag
        (["--trust-proxy", "127.0.0.1"], "Y4Fe1v"),                   // the gateway's header: its tag, not the JSON's
        (["--trust-proxy", "127.0.0.1", "--no-key-tags"], nil),
    ]

    @Test(arguments: cases.indices)
    func aTagIsTheTrustedGatewaysOnly(_ index: Int) throws {
        let (flags, expected) = Self.cases[index]
        let server = try ServerProcess(arguments: flags)
        defer { server.stop() }
        let socket = try ServerRawSocket(port: server.port)
        _ = try socket.upgrade(path: "/", extraHeaders: "Sec-WebSocket-Protocol: swipedeck.v5\r\nX-SwipeDeck-Key: Y4Fe1v\r\n")
        socket.sendText(#"{"type":"create","name":"Ann","deck":"movies","pacing":"free","keyTag":"FAKE12"}"#)
        let welcome = try #require(SecurityAccessTests.nextText(socket), "no answer")
        let decoded = try JSONDecoder().decode(ServerMessage.self, from: Data(welcome.utf8))
        guard case let .welcome(message) = decoded else { Issue.record("not a welcome: \(welcome)"); return }
        #expect(message.room.members.first?.tag == expected, "\(flags): \(welcome.prefix(300))")
    }
}
