import Foundation
import Testing

/// A host's own deck with pictures through the real server: uploaded before `create` (in parts),
/// tagged by the server, served to members like deck pictures, kept across a restart on the same
/// `--data`, and gone once the host closes the room; every bad picture and every malformed part
/// refused with its reason, from a raw WebSocket that skips the client's own check.
@Suite(.serialized) struct ServerOwnDeckPictureTests {
    @Test func ownPicturesAreServedKeptAcrossARestartAndGoneWithTheRoom() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("own-pictures-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        var server = try ServerProcess(arguments: ["--data", data])
        let room = try OwnDeckRoom.create(on: server.port)
        for (card, etag) in room.etags {
            #expect(etag.hasPrefix("u-") && etag.count == 66, "\(card): \(etag)")
        }
        let welcome = try OwnDeckRoom.memberWelcome(room.code, port: server.port)
        for card in ["dune", "heat"] {
            let etag = room.etags[card] ?? "?"
            #expect(welcome.contains(#""picture":{"etag":"\#(etag)","file":"\#(OwnDeckRoom.files[card] ?? "")"}"#), "\(welcome)")
        }
        #expect(OwnDeckRoom.served(room.code, etags: room.etags, port: server.port))
        let cached = try OwnDeckRoom.picture(room.code, "dune", port: server.port, ifNoneMatch: room.etags["dune"])
        #expect(cached.status == 304 && cached.body.isEmpty)
        #expect(try OwnDeckRoom.picture(room.code, "plain", port: server.port).status == 404)

        // A restart on the same data: the pictures are back, with the same tags.
        #expect(server.terminate() == 0)
        server = try ServerProcess(arguments: ["--data", data])
        #expect(OwnDeckRoom.served(room.code, etags: room.etags, port: server.port), "not served after the restart")

        // The host comes back and closes the room: its pictures are gone, after a restart too.
        let host = try ServerRawSocket(port: server.port)
        _ = try host.upgrade(path: "/")
        host.sendText(#"{"type":"join","room":"\#(room.code)","token":"\#(room.token)"}"#)
        #expect(SecurityAccessTests.nextText(host)?.contains(#""type":"welcome""#) == true)
        host.sendText(#"{"type":"host","command":"close"}"#)
        _ = host.readUntilClose()
        #expect(ProcessProbe.eventually(timeout: 10) { (try? OwnDeckRoom.picture(room.code, "dune", port: server.port))?.status == 404 })
        #expect(server.terminate() == 0)
        let rows = try Self.sqlite(data + "/rooms.sqlite", "SELECT COUNT(*) FROM picture")
        #expect(rows == "0", "pictures left in the log after the room was closed: \(rows)")
        server = try ServerProcess(arguments: ["--data", data])
        #expect(try OwnDeckRoom.picture(room.code, "heat", port: server.port).status == 404)
        #expect(server.terminate() == 0)
    }

    /// `sqlite3 FILE QUERY`'s output, trimmed.
    static func sqlite(_ file: String, _ query: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", file, query]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every refusal a raw client can meet: (what, the messages it sends, the code and words of the
    /// answer to the last). The server runs with `--max-picture-bytes 900 --max-room-picture-bytes 1000`.
    static let refusals: [(String, [String], String, String)] = {
        let png = OwnDeckRoom.fixture("gradient.png")
        func part(_ file: String, _ bytes: [UInt8], offset: Int = 0, size: Int? = nil) -> String {
            #"{"type":"picture","file":"\#(file)","size":\#(size ?? bytes.count),"offset":\#(offset),"data":"\#(Data(bytes).base64EncodedString())"}"#
        }
        return [
            ("not an image", [part("a.png", OwnDeckRoom.fixture("not-an-image.png"))], "badPicture", "picture: a.png: not a PNG or JPEG image"),
            ("a PNG named .jpg", [part("a.jpg", OwnDeckRoom.fixture("png-named.jpg"))], "badPicture", "wrong extension"),
            ("over --max-picture-pixels", [part("a.png", OwnDeckRoom.fixture("huge-header.png"))], "badPicture", "30000 × 30000 pixels, the limit is 4096 × 4096"),
            ("damaged", [part("a.jpg", OwnDeckRoom.fixture("truncated.jpg"))], "badPicture", "a damaged JPEG image"),
            ("over --max-picture-bytes", [part("a.jpg", OwnDeckRoom.fixture("gradient.jpg"))], "badPicture", "927 bytes, the limit is 900 (--max-picture-bytes)"),
            ("over --max-room-picture-bytes", [part("a.png", png), part("b.png", OwnDeckRoom.fixture("huge-header.png"), size: 700)], "badPicture",
             "the room's pictures would be 1096 bytes together, the limit is 1000"),
            ("a path out of the deck", [part("../a.png", png)], "badPicture", "must stay inside the deck's folder"),
            ("a part out of order", [part("a.png", Array(png[..<100]), size: png.count), part("a.png", Array(png[200...]), offset: 200, size: png.count)],
             "badField", "at offset 100"),
            ("data that is not base64", [#"{"type":"picture","file":"a.png","size":10,"offset":0,"data":"%%%"}"#], "badField", "base64"),
            ("a part without its size", [#"{"type":"picture","file":"a.png","offset":0,"data":"AAAA"}"#], "missingField", "size"),
            ("a create naming a tag not uploaded", [#"{"type":"create","name":"Ann","cards":[{"id":"a","title":"A","picture":{"file":"a.png","etag":"u-\#(String(repeating: "0", count: 64))"}}]}"#],
             "badDeck", "did not upload"),
            ("a create naming a deck picture's tag", [#"{"type":"create","name":"Ann","cards":[{"id":"a","title":"A","picture":{"file":"a.png","etag":"p-d95c265ca4f617e5905d5842c5dd3fa9"}}]}"#],
             "badDeck", "did not upload"),
        ]
    }()

    @Test func everyBadPictureIsRefusedWithItsReasonAndNothingIsCreated() throws {
        let server = try ServerProcess(arguments: ["--max-picture-bytes", "900", "--max-room-picture-bytes", "1000"])
        for (what, messages, code, words) in Self.refusals {
            let socket = try ServerRawSocket(port: server.port)
            _ = try socket.upgrade(path: "/", extraHeaders: "Sec-WebSocket-Protocol: swipedeck.v4\r\n")
            for message in messages { socket.sendText(message) }
            // The first error (a whole picture before it is acknowledged; a part is not answered).
            var answer = ""
            while let text = SecurityAccessTests.nextText(socket) {
                answer = text
                if !text.contains(#""type":"pictureReceived""#) { break }
            }
            #expect(answer.contains(#""code":"\#(code)""#) && answer.contains(words), "\(what): \(answer)")
        }
        // Nothing was created by any of them.
        #expect((FreshClient.health(server)?["rooms"] as? Int) == 0)
        #expect(server.terminate() == 0)
    }

    @Test func picturesComeOnlyFromTheCreatorBeforeTheRoomExists() throws {
        let server = try ServerProcess()

        // Only before create: the host after it, and a member, are refused.
        let room = try OwnDeckRoom.create(on: server.port)
        let picture = #"{"type":"picture","file":"a.png","size":10,"offset":0,"data":"AAAA"}"#
        room.host.sendText(picture)
        let late = SecurityAccessTests.nextText(room.host) ?? ""
        #expect(late.contains(#""code":"notAllowed""#) && late.contains("before create"), "\(late)")
        let member = try ServerRawSocket(port: server.port)
        _ = try member.upgrade(path: "/", extraHeaders: "Sec-WebSocket-Protocol: swipedeck.v4\r\n")
        member.sendText(#"{"type":"join","room":"\#(room.code)","name":"Bo"}"#)
        _ = SecurityAccessTests.nextText(member)
        member.sendText(picture)
        let fromMember = SecurityAccessTests.nextText(member) ?? ""
        #expect(fromMember.contains(#""code":"notAllowed""#), "\(fromMember)")
        // An older protocol: refused, naming protocol 4.
        let old = try ServerRawSocket(port: server.port)
        _ = try old.upgrade(path: "/", extraHeaders: "Sec-WebSocket-Protocol: swipedeck.v3\r\n")
        old.sendText(picture)
        let refused = SecurityAccessTests.nextText(old) ?? ""
        #expect(refused.contains(#""code":"notAllowed""#) && refused.contains("needs protocol 4"), "\(refused)")
        #expect(server.terminate() == 0)
    }
}

/// Pictures left half-sent are bounded per client address (16 MiB, counted from each picture's
/// declared size): one address cannot take the budget every host shares; another address still
/// uploads, and a connection that closes gives its share back.
@Suite struct ServerUploadBudgetTests {
    @Test func halfSentPicturesFromOneAddressAreHeldToItsShare() throws {
        let server = try ServerProcess()
        let size = 2 * 1024 * 1024
        let first = Array(OwnDeckRoom.fixture("gradient.png")[..<100])
        func start(from address: String?, size: Int = size) throws -> (ServerRawSocket, String?) {
            let socket = try ServerRawSocket(port: server.port, from: address)
            _ = try socket.upgrade(path: "/", extraHeaders: "Sec-WebSocket-Protocol: swipedeck.v4\r\n")
            socket.sendText(#"{"type":"picture","file":"a.png","size":\#(size),"offset":0,"data":"\#(Data(first).base64EncodedString())"}"#)
            // A part is not answered; a refusal is. A ping tells them apart.
            socket.sendText(#"{"type":"ping","t":1}"#)
            let answer = SecurityAccessTests.nextText(socket)
            return (socket, answer?.contains(#""type":"pong""#) == true ? nil : answer)
        }
        var held: [ServerRawSocket] = []
        for _ in 0..<8 {
            let (socket, refusal) = try start(from: nil)
            #expect(refusal == nil, "refused within the share: \(refusal ?? "")")
            held.append(socket)
        }
        let (_, refused) = try start(from: nil)
        #expect(refused?.contains(#""code":"rateLimited""#) == true && refused?.contains("your address holds 16777216 bytes") == true
                && refused?.contains(#""retryAfter":2"#) == true, "\(refused ?? "no refusal")")
        // With the share full, a picture no connection could ever take is refused for what it is,
        // not told to come back (a standard client would retry it for ever).
        let (_, tooLarge) = try start(from: nil, size: 99_999_999)
        #expect(tooLarge?.contains(#""code":"badPicture""#) == true && tooLarge?.contains("99999999 bytes, the limit is 2097152") == true,
                "\(tooLarge ?? "no refusal")")
        let (_, elsewhere) = try start(from: "127.0.0.2")
        #expect(elsewhere == nil, "another address was refused: \(elsewhere ?? "")")
        held[0].hangUp()
        #expect(ProcessProbe.eventually(timeout: 10) { (try? start(from: nil))?.1 == nil }, "a closed connection's share was not given back")
        #expect(server.terminate() == 0)
    }
}
