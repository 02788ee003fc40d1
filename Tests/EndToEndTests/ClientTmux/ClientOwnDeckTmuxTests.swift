import Foundation
import Testing

/// A group's own deck, as people would use it: the host runs the real `swipe create` on a file of
/// their own or on standard input, others join and see its cards; a bad file says where it is
/// wrong and sends nothing; `swipe decks` lists what the server has.
@Suite(.serialized) struct ClientOwnDeckTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    /// A scratch folder with `files` written in it.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-own-deck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static func tag() -> String { String(UInt32.random(in: 0...UInt32.max), radix: 36) }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aHostCreatesARoomFromATextFileAndAnotherFromStandardInput() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let files = try Self.folder([
            "lunch.txt": "# where to eat\nPho — Vietnamese noodle soup\n\nTacos | al pastor\nPizza\n",
            "plan.md": "# Weekend plan\n\n- Hike — up the hill\n- Museum\n",
        ])
        defer { try? FileManager.default.removeItem(at: files) }
        let swipe = builtProduct("swipe")
        let tag = Self.tag()

        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-own-ann-\(tag)",
                                        command: "\(swipe) create ws://127.0.0.1:\(server.port) --deck \(files.path)/lunch.txt --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()
        #expect(try ann.screen().contains("lunch"), "the deck's name is not in the header")
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-own-bo-\(tag)",
                                       command: "\(swipe) join ws://127.0.0.1:\(server.port)/\(code) --name Bo")
        defer { bo.kill() }
        #expect(try ann.waitFor("Bo") != nil, "Bo never showed in Ann's lobby")
        try ann.keys("s")
        #expect(try ann.waitFor("Vietnamese noodle soup") != nil, "Ann does not see the file's first card")
        #expect(try bo.waitFor("Pho") != nil, "Bo does not see the file's first card")
        try ann.keys("l")
        try bo.keys("l")
        #expect(try bo.waitFor("Card 2 of 3") != nil, "the room did not move to the file's second card")

        // The same from standard input, through a pipe: keys still come from the terminal.
        let cleo = try ClientTmuxSession(tmux: tmux, name: "swipe-own-cleo-\(tag)",
                                         command: "sh -c 'cat \(files.path)/plan.md | \(swipe) create ws://127.0.0.1:\(server.port) --deck - --name Cleo'")
        defer { cleo.kill() }
        _ = try cleo.lobbyRoomCode()
        #expect(try cleo.screen().contains("Weekend plan"), "the Markdown title is not the room's deck name")
        try cleo.keys("s")
        #expect(try cleo.waitFor("up the hill") != nil, "Cleo does not see the piped deck's first card")
        try cleo.keys("q")
        let (status, screen) = try cleo.exited()
        #expect(status == 0, "q did not quit after a deck from standard input:\n\(screen)")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aDeckFileWithAnErrorOnLine7SaysWhereAndSendsNothing() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let long = String(repeating: "x", count: 230)
        let files = try Self.folder(["lunch.txt": "# lunch\nPho\nTacos\n\nPizza\nCurry\n\(long) | body\nSalad\n"])
        defer { try? FileManager.default.removeItem(at: files) }
        let session = try ClientTmuxSession(tmux: tmux, name: "swipe-own-bad-\(Self.tag())", columns: 200,
                                            command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck \(files.path)/lunch.txt")
        defer { session.kill() }
        let (status, screen) = try session.exited()
        #expect(status == 64, "\(screen)")
        #expect(screen.contains(#"swipe: \#(files.path)/lunch.txt:7: option 5, field "title": too long: 230 characters, the limit is 200"#), "\(screen)")
        #expect(FreshClient.health(server)?["rooms"] as? Int == 0, "a room was created from a bad file")
    }

    @Test func aMissingFileAndAFormatForAServerDeckAreCommandLineErrors() throws {
        let swipe = builtProduct("swipe")
        let missing = try clientRun(swipe, ["create", "ws://127.0.0.1:9", "--deck", "no-such-deck.txt"])
        #expect(missing.status == 64)
        #expect(missing.output.contains("swipe: no-such-deck.txt: no such deck file"), "\(missing.output)")
        let format = try clientRun(swipe, ["create", "ws://127.0.0.1:9", "--deck", "movies", "--deck-format", "csv"])
        #expect(format.status == 64)
        #expect(format.output.contains("--deck-format is for a deck file"), "\(format.output)")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aDeckTooLargeForOneMessageSaysWhatToDo() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let lines = (1...480).map { "Option \($0) — " + String(repeating: "x", count: 150) }
        let files = try Self.folder(["big.txt": lines.joined(separator: "\n")])
        defer { try? FileManager.default.removeItem(at: files) }
        let session = try ClientTmuxSession(tmux: tmux, name: "swipe-own-big-\(Self.tag())", columns: 200,
                                            command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck \(files.path)/big.txt")
        defer { session.kill() }
        let (status, screen) = try session.exited()
        #expect(status == 2, "\(screen)")
        // The server names the frame too since frames are read to the letter ("… (a frame of N bytes is over the limit)").
        #expect(screen.contains("larger than 65536 bytes") && screen.contains("(the room's 480 cards are sent in that one message"), "\(screen)")
    }

    @Test func swipeDecksListsTheServersDecks() throws {
        let deck = #"{"name":"outings","title":"Weekend outings","cards":[{"title":"Picnic"},{"title":"Zoo"}]}"#
        let server = try ClientDeckServer(deck: "outings", json: deck)
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let table = try clientRun(swipe, ["decks", "ws://127.0.0.1:\(server.port)"])
        #expect(table.status == 0, "\(table.output)")
        let lines = table.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "NAME          CARDS  TITLE", "\(table.output)")
        #expect(lines.contains("outings           2  Weekend outings"), "\(table.output)")
        #expect(lines.contains { $0.hasPrefix("movies ") }, "\(table.output)")
        let json = try clientRun(swipe, ["decks", "ws://127.0.0.1:\(server.port)", "--json"])
        #expect(json.output.contains(#"{"cards":2,"name":"outings","title":"Weekend outings"}"#), "\(json.output)")
        let down = try clientRun(swipe, ["decks", "ws://127.0.0.1:9"])
        #expect(down.status == 3, "\(down.output)")
        #expect(down.output.hasPrefix("swipe: http://127.0.0.1:9/decks:"), "\(down.output)")
    }
}
