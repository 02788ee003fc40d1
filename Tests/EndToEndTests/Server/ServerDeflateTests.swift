import Foundation
import SwipeProtocol
import Testing

/// permessage-deflate is offered only with `--deflate` (libwebsockets 4.1.6's server-side inflate
/// was seen corrupting larger compressed client messages, so it is opt-in).
@Suite struct ServerDeflateTests {
    static let offer = "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"

    @Test(arguments: [(["--deflate"], true), ([], false)])
    func deflateIsNegotiatedOnlyWhenTheServerOffersIt(_ arguments: [String], _ expected: Bool) throws {
        let server = try ServerProcess(arguments: arguments)
        defer { _ = server.terminate() }
        let raw = try ServerRawSocket(port: server.port)
        let head = try raw.upgrade(path: "/", extraHeaders: Self.offer)
        #expect(head.hasPrefix("HTTP/1.1 101"))
        #expect(head.lowercased().contains("sec-websocket-extensions: permessage-deflate") == expected, "\(head)")
    }
}
