import Foundation

/// A host's own deck with two pictures (Dune, a PNG, and Heat, a JPEG, plus a card without one),
/// uploaded over a raw WebSocket in parts (no client check) and created on a server: the host's
/// socket, the room code, the host's token and each card's tag as the welcome gives them.
struct OwnDeckRoom {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../SwipePicturesTests/Fixtures").standardized

    static func fixture(_ name: String) -> [UInt8] {
        (try? Data(contentsOf: fixtures.appendingPathComponent(name))).map(Array.init) ?? []
    }

    /// The pictures by card: `dune` (gradient.png) and `heat` (gradient.jpg).
    static let pictures = ["dune": fixture("gradient.png"), "heat": fixture("gradient.jpg")]
    static let files = ["dune": "pics/dune.png", "heat": "pics/heat.jpg"]

    let host: ServerRawSocket
    let code: String
    let token: String
    let etags: [String: String]

    /// Sends `bytes` as `picture` parts of `partBytes`; returns the server's answer to the last.
    static func upload(_ socket: ServerRawSocket, file: String, bytes: [UInt8], partBytes: Int = 300) -> String {
        var offset = 0
        repeat {
            let part = bytes[offset..<min(bytes.count, offset + partBytes)]
            socket.sendText(#"{"type":"picture","file":"\#(file)","size":\#(bytes.count),"offset":\#(offset),"data":"\#(Data(part).base64EncodedString())"}"#)
            offset += part.count
        } while offset < bytes.count
        return SecurityAccessTests.nextText(socket) ?? ""
    }

    /// The cards of the deck, naming the tags given (a card without a tag has no picture).
    static func cards(_ etags: [String: String]) -> String {
        let named = ["dune", "heat"].map { card in
            let picture = etags[card].map { #","picture":{"file":"\#(files[card] ?? "")","etag":"\#($0)"}"# } ?? ""
            return #"{"id":"\#(card)","title":"\#(card.capitalized)"\#(picture)}"#
        }
        return "[" + (named + [#"{"id":"plain","title":"Plain"}"#]).joined(separator: ",") + "]"
    }

    static func create(on port: Int) throws -> OwnDeckRoom {
        let host = try ServerRawSocket(port: port)
        _ = try host.upgrade(path: "/", extraHeaders: "Sec-WebSocket-Protocol: swipedeck.v4\r\n")
        var etags: [String: String] = [:]
        for card in ["dune", "heat"] {
            let answer = upload(host, file: files[card] ?? "", bytes: pictures[card] ?? [])
            guard answer.contains(#""type":"pictureReceived""#), let etag = RawRoom.field("etag", in: answer) else {
                throw ServerRawSocket.Failure(description: "\(card)'s picture: \(answer)")
            }
            etags[card] = etag
        }
        host.sendText(#"{"type":"create","name":"Ann","deck":"films","cards":\#(cards(etags))}"#)
        let welcome = SecurityAccessTests.nextText(host) ?? ""
        guard let code = RawRoom.field("code", in: welcome), let token = RawRoom.field("token", in: welcome) else {
            throw ServerRawSocket.Failure(description: "no welcome: \(welcome)")
        }
        return OwnDeckRoom(host: host, code: code, token: token, etags: etags)
    }

    /// The welcome a member joining room `code` on `port` gets.
    static func memberWelcome(_ code: String, port: Int, name: String = "Bo") throws -> String {
        let socket = try ServerRawSocket(port: port)
        _ = try socket.upgrade(path: "/")
        socket.sendText(#"{"type":"join","room":"\#(code)","name":"\#(name)"}"#)
        return SecurityAccessTests.nextText(socket) ?? ""
    }

    /// A card's picture from the server on `port`: status, head lines and body.
    static func picture(_ code: String, _ card: String, port: Int, ifNoneMatch: String? = nil) throws -> (status: Int, lines: Set<String>, body: [UInt8]) {
        let socket = try ServerRawSocket(port: port)
        let condition = ifNoneMatch.map { "If-None-Match: \"\($0)\"\r\n" } ?? ""
        socket.write(Array("GET /rooms/\(code)/cards/\(card)/picture HTTP/1.1\r\nHost: x\r\n\(condition)Connection: close\r\n\r\n".utf8))
        guard let answer = socket.readHTTPBytes() else { throw ServerRawSocket.Failure(description: "no answer for \(card)'s picture") }
        let status = Int(answer.head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, Set(answer.head.components(separatedBy: "\r\n")), answer.body)
    }

    /// Whether room `code`'s two pictures are served on `port` with their bytes, tags and types.
    static func served(_ code: String, etags: [String: String], port: Int) -> Bool {
        ["dune": "image/png", "heat": "image/jpeg"].allSatisfy { card, type in
            guard let answer = try? picture(code, card, port: port), let etag = etags[card] else { return false }
            return answer.status == 200 && answer.body == pictures[card]
                && answer.lines.isSuperset(of: ["ETag: \"\(etag)\"", "Content-Type: \(type)"])
        }
    }
}
