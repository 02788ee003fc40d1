import SwipeProtocol

/// What a WebSocket upgrade's `Sec-WebSocket-Protocol` header offers, and whether this server can
/// serve it: a client that offers none is served as `swipedeck.v1`; one that offers only others
/// gets an HTTP 400 that says what to offer (libwebsockets alone would drop the TCP connection
/// without an answer).
///
/// ```swift
/// SubprotocolOffer(header: "chat, swipedeck.v1").isServed   // true
/// SubprotocolOffer(header: "chat").refusal                  // "no supported subprotocol in \"chat\": …"
/// ```
struct SubprotocolOffer: Hashable, Sendable {
    /// The names offered, in the client's order (empty when the header is absent or empty).
    var names: [String]

    init(header: String?) {
        names = (header ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    var isServed: Bool { names.isEmpty || names.contains { ProtocolVersion.version(ofSubprotocol: $0) != nil } }

    /// The 400's reason, or nil when the offer is served.
    var refusal: String? {
        guard !isServed else { return nil }
        let offered = String(names.joined(separator: ", ").prefix(100))
        return "no supported subprotocol in \"\(offered)\": offer \(ProtocolVersion.offered.joined(separator: " or ")) (or none)"
    }
}
