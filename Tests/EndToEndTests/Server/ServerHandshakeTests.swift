import Foundation
import Testing

/// The opening handshake as clients nobody here wrote send it.
@Suite(.serialized) struct ServerHandshakeTests {
    /// A client offering only subprotocols this server does not speak gets an HTTP answer that says
    /// what to offer, not a dropped connection; one that lists swipedeck.v1 among others is served.
    @Test func anOfferOfOnlyUnknownSubprotocolsGetsA400WithAReason() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let refused = try ServerRawSocket(port: server.port)
        let head = try refused.upgrade(path: "/", extraHeaders: "Sec-WebSocket-Protocol: chat, mqtt\r\n")
        #expect(head.split(separator: " ").dropFirst().first == "400", "\(head)")
        let served = try ServerRawSocket(port: server.port)
        let accepted = try served.upgrade(path: "/", extraHeaders: "Sec-WebSocket-Protocol: chat, swipedeck.v1\r\n")
        #expect(accepted.hasPrefix("HTTP/1.1 101"), "\(accepted)")
        #expect(accepted.lowercased().contains("sec-websocket-protocol: swipedeck.v1"))
        served.sendText(#"{"type":"ping","t":3}"#)
        #expect(served.readFrame().map { String(decoding: $0.payload, as: UTF8.self).contains("\"pong\"") } == true)
    }
}
