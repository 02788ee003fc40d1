import Foundation

/// A room made over a raw WebSocket (no client library): the host's socket, the room code and the
/// host's resume token, read out of the welcome.
struct RawRoom {
    let host: ServerRawSocket
    let code: String
    let token: String

    /// `source`: the local address to connect from (another client address, e.g. "127.0.0.2").
    static func create(on server: ServerProcess, as name: String = "Ann", from source: String? = nil) throws -> RawRoom {
        let host = try ServerRawSocket(port: server.port, from: source)
        _ = try host.upgrade(path: "/")
        host.sendText(#"{"type":"create","name":"\#(name)","deck":"movies"}"#)
        let welcome = SecurityAccessTests.nextText(host) ?? ""
        guard let code = Self.field("code", in: welcome), let token = Self.field("token", in: welcome) else {
            throw ServerRawSocket.Failure(description: "no welcome: \(welcome)")
        }
        return RawRoom(host: host, code: code, token: token)
    }

    /// A string field's value in a JSON text (the first one with that name).
    static func field(_ name: String, in json: String) -> String? {
        json.range(of: "\"\(name)\":\"").map { String(json[$0.upperBound...].prefix { $0 != "\"" }) }
    }
}
