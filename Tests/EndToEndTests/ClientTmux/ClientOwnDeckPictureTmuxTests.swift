import Foundation
import Testing

/// `swipe create --deck FILE` with pictures, as a host would run it: every bad picture ends `swipe`
/// with status 64 naming the deck file, the card and the reason before anything is sent; one the
/// server refuses (its limits are not the client's) ends it the same way with the server's reason
/// and no room; and a good deck's pictures reach a member's screen on the other node of a cluster.
@Suite(.serialized) struct ClientOwnDeckPictureTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    /// A folder with a JSON deck (`films.json`) whose cards name `pictures` (card → file under
    /// `pics/`, copied from the fixture named), and a card without one.
    static func deck(_ pictures: [(card: String, file: String, fixture: String?)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-own-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pics"), withIntermediateDirectories: true)
        var cards: [String] = []
        for (card, file, fixture) in pictures {
            if let fixture {
                try FileManager.default.copyItem(at: OwnDeckRoom.fixtures.appendingPathComponent(fixture),
                                                 to: folder.appendingPathComponent("pics/" + file))
            }
            cards.append(#"{"id":"\#(card)","title":"\#(card.capitalized)","body":"The \#(card) card","picture":"pics/\#(file)"}"#)
        }
        cards.append(#"{"id":"plain","title":"Plain"}"#)
        try Data(#"{"name":"films","title":"Films","cards":[\#(cards.joined(separator: ","))]}"#.utf8)
            .write(to: folder.appendingPathComponent("films.json"))
        return folder
    }

    /// Client-side refusals: (the picture's file, its fixture or nil for none, the reason's words).
    static let badPictures: [(String, String?, String)] = [
        ("gone.png", nil, "no such file"),
        ("text.png", "not-an-image.png", "not a PNG or JPEG image"),
        ("named.jpg", "png-named.jpg", "a PNG image named as JPEG (wrong extension)"),
        ("huge.png", "huge-header.png", "30000 × 30000 pixels, the limit is 4096 × 4096"),
        ("cut.jpg", "truncated.jpg", "a damaged JPEG image"),
    ]

    @Test func everyBadPictureEndsSwipeWith64NamingTheFileTheCardAndTheReason() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        var cases = Self.badPictures.map { (file: $0.0, fixture: $0.1, words: $0.2, big: false) }
        cases.append((file: "big.png", fixture: "gradient.png", words: "bytes, the limit is 2097152", big: true))
        for (file, fixture, words, big) in cases {
            let folder = try Self.deck([("dune", "dune.png", "gradient.png"), ("bad", file, fixture)])
            defer { try? FileManager.default.removeItem(at: folder) }
            if big {   // a PNG's signature and 2 MiB + 1 byte: refused from its size, before it is read
                try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 2 * 1024 * 1024 - 7))
                    .write(to: folder.appendingPathComponent("pics/big.png"))
            }
            let deckFile = folder.path + "/films.json"
            let run = try clientRun(swipe, ["create", "ws://127.0.0.1:\(server.port)", "--deck", deckFile, "--name", "Ann"])
            #expect(run.status == 64, "\(file): \(run)")
            #expect(run.output.contains("swipe: \(deckFile): card \"bad\": picture pics/\(file): ") && run.output.contains(words)
                    && run.output.contains("no room was created"), "\(file): \(run.output)")
        }
        #expect(FreshClient.health(server)?["rooms"] as? Int == 0, "a room was created")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aPictureTheServerRefusesEndsSwipeWith64AndNoRoom() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess(arguments: ["--max-picture-bytes", "500"])
        defer { server.stop() }
        let folder = try Self.deck([("dune", "dune.png", "gradient.png"), ("heat", "heat.jpg", "gradient.jpg")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let session = try ClientTmuxSession(tmux: tmux, name: "swipe-own-refused-\(tag)", columns: 240,
                                            command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck \(folder.path)/films.json --name Ann")
        defer { session.kill() }
        let (status, screen) = try session.exited()
        #expect(status == 64, "\(screen)")
        #expect(screen.contains(#"swipe: \#(folder.path)/films.json: card "heat": picture pics/heat.jpg: the server refused it: "#
                                + "picture: pics/heat.jpg: 927 bytes, the limit is 500 (--max-picture-bytes); no room was created"), "\(screen)")
        #expect(FreshClient.health(server)?["rooms"] as? Int == 0, "a room was created")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func theOwnDecksPicturesAreOnAMembersScreenOnTheOtherNode() throws {
        guard let tmux = Self.tmux else { return }
        let cluster = try LocalCluster(nodes: 2, proxy: false)
        defer { cluster.stop() }
        let folder = try Self.deck([("dune", "dune.png", "gradient.png"), ("heat", "heat.jpg", "gradient.jpg")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-own-pic-ann-\(tag)",
                                        command: "\(swipe) create \(cluster.url(node: 0)) --deck \(folder.path)/films.json --name Ann --pictures symbols")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-own-pic-bo-\(tag)",
                                       command: "\(swipe) join \(cluster.url(node: 1))\(code) --name Bo --pictures symbols")
        defer { bo.kill() }
        #expect(try ann.waitFor("Bo") != nil, "Bo never showed in Ann's lobby")
        try ann.keys("s")
        let blocks = ClientPictureTmuxTests.blocks
        let first = try clientPoll(seconds: 15) { () -> String? in
            let s = try bo.screen()
            return s.contains("Dune") && s.contains(where: { blocks.contains($0) }) ? s : nil
        }
        #expect(first != nil, "no picture on Bo's Dune card:\n\((try? bo.screen()) ?? "")")
        #expect(ClientPictureTmuxTests.blocksOutsideTheCard(first ?? "") == 0, "picture outside the card:\n\(first ?? "")")
        let hosts = try clientPoll(seconds: 15) { () -> String? in
            let s = try ann.screen()
            return s.contains("Dune") && s.contains(where: { blocks.contains($0) }) ? s : nil
        }
        #expect(hosts != nil, "no picture on the host's own Dune card:\n\((try? ann.screen()) ?? "")")
        try ann.keys("l")
        try bo.keys("l")
        let second = try clientPoll(seconds: 15) { () -> String? in
            let s = try bo.screen()
            return s.contains("Heat") && s.contains(where: { blocks.contains($0) }) ? s : nil
        }
        #expect(second != nil, "no picture on Bo's Heat card:\n\((try? bo.screen()) ?? "")")
        try ann.keys("l")
        try bo.keys("l")
        let plain = try clientPoll(seconds: 15) { () -> String? in
            let s = try bo.screen()
            return s.contains("Plain") ? s : nil
        }
        #expect(plain.map { !$0.contains(where: { blocks.contains($0) }) } == true, "a picture on the card without one:\n\(plain ?? "")")
    }
}
