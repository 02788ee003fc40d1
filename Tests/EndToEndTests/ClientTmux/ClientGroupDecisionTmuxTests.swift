import Foundation
import Testing

/// A whole group decision as people would make it, on the real server with three real `swipe`
/// clients under tmux: the host's deck from a file, options proposed in the lobby by all three
/// (one withdrawn by its author, one removed by the host), everyone swipes, the deck ends with two matches, the
/// host runs a final round, and every screen shows the same winner.
@Suite(.serialized) struct ClientGroupDecisionTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    /// Types an option in the lobby's editor: `a`, the title, Enter, Enter (no body).
    static func propose(_ session: ClientTmuxSession, _ title: String) throws {
        try session.keys("a")
        guard try session.waitFor("Propose an option") != nil else { throw ClientTestError("the editor did not open") }
        try session.keys("-l", title)
        try session.keys("Enter")
        try session.keys("Enter")
        guard try session.waitFor("\(title) — by you") != nil else { throw ClientTestError("\(title) was not proposed:\n\(try session.screen())") }
    }

    /// Each session votes with its key once the sidebar shows card `number` of `total`.
    static func vote(_ sessions: [ClientTmuxSession], card number: Int, of total: Int, _ key: String) throws {
        for session in sessions {
            guard try session.waitFor("Card \(number) of \(total)") != nil else {
                throw ClientTestError("card \(number) of \(total) never showed:\n\(try session.screen())")
            }
            try session.keys(key)
        }
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func proposalsThenTwoMatchesThenAFinalRoundToOneWinner() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-decision-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Pho — noodle soup\nTacos | al pastor\n".utf8).write(to: folder.appendingPathComponent("lunch.txt"))
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let url = "ws://127.0.0.1:\(server.port)"

        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-dec-ann-\(tag)", columns: 100, rows: 30,
                                        command: "\(swipe) create \(url) --deck \(folder.path)/lunch.txt --rule majority --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-dec-bo-\(tag)", columns: 100, rows: 30,
                                       command: "\(swipe) join \(url)/\(code) --name Bo")
        defer { bo.kill() }
        let cy = try ClientTmuxSession(tmux: tmux, name: "swipe-dec-cy-\(tag)", columns: 100, rows: 30,
                                       command: "\(swipe) join \(url)/\(code) --name Cy")
        defer { cy.kill() }
        #expect(try ann.waitFor("3 here") != nil, "Bo and Cy never showed in the lobby")

        try Self.propose(bo, "Curry")
        try Self.propose(bo, "Ramen")
        try Self.propose(cy, "Sushi")
        try Self.propose(ann, "Salad")
        // Every screen shows the proposals live, with who proposed them.
        #expect(try ann.waitFor("Sushi — by Cy") != nil, "Cy's proposal never reached Ann")
        #expect(try ann.screen().contains("Ramen — by Bo"))
        // Bo withdraws his own Ramen (the second in the list: to the top, down once, x).
        for key in ["k", "k", "k", "j", "x"] { try bo.keys(key) }
        #expect(try clientPoll(seconds: 10) { try ann.screen().contains("Ramen") ? nil : true } == true, "Ramen was not withdrawn")
        // Ann removes Cy's Sushi (now the second of Curry, Sushi, Salad: to the top, down once, x).
        for key in ["k", "k", "k", "j", "x"] { try ann.keys(key) }
        #expect(try cy.waitFor("the host removed your \"Sushi\"") != nil, "Cy was not told")
        #expect(try clientPoll(seconds: 10) { try cy.screen().contains("Sushi — by you") ? nil : true } == true, "Sushi was not removed")
        let lobby = try ann.screen()
        #expect(lobby.contains("lunch: 2 cards + 2 proposed"), "\(lobby)")

        try ann.keys("s")
        let everyone = [ann, bo, cy]
        // Pho and Tacos match, Curry and Salad do not: two matches, no decision yet.
        try Self.vote(everyone, card: 1, of: 4, "l")
        try Self.vote(everyone, card: 2, of: 4, "l")
        try Self.vote(everyone, card: 3, of: 4, "h")
        try Self.vote(everyone, card: 4, of: 4, "h")
        for session in everyone {
            #expect(try session.waitFor("Results · final") != nil, "no final results on \(session.name)")
        }
        #expect(try ann.screen().contains("F final round"), "the host is not offered the final round")

        try ann.keys("F")
        #expect(try ann.waitFor("Start a final round") != nil)
        try ann.keys("y")
        // The round is over the two matches; everyone likes Pho, nobody Tacos.
        try Self.vote(everyone, card: 1, of: 2, "l")
        try Self.vote(everyone, card: 2, of: 2, "h")
        for session in everyone {
            let screen = try session.waitFor("THE GROUP'S CHOICE")
            #expect(screen != nil, "no winner on \(session.name)")
            #expect(screen?.contains("Pho") == true && screen?.contains("won final round 1") == true, "\(screen ?? "")")
        }
        // The HTTP results say the same.
        let csv = try ServerRawSocket.get(port: server.port, path: "/rooms/\(code)/results.csv").body
        #expect(csv.contains("\r\n1,pho,Pho,3,0,0,3,true,Ann:like; Bo:like; Cy:like,1,true,votes\r\n"), "\(csv)")
    }

    /// No match and one card ahead: the host accepts it from `swipe` (A, then y), every screen
    /// shows the same choice and how it was made, and a restart of the server keeps it.
    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func noMatchAndOneLeaderIsAcceptedInOneStep() throws {
        guard let tmux = Self.tmux else { return }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-accept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        try Data("Pho\nTacos\nCurry\n".utf8).write(to: data.appendingPathComponent("lunch.txt"))
        var server = try ServerProcess(arguments: ["--data", data.path])
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let url = "ws://127.0.0.1:\(server.port)"
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-acc-ann-\(tag)", columns: 100, rows: 30,
                                        command: "\(swipe) create \(url) --deck \(data.path)/lunch.txt --rule unanimous --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-acc-bo-\(tag)", columns: 100, rows: 30,
                                       command: "\(swipe) join \(url)/\(code) --name Bo")
        defer { bo.kill() }
        #expect(try ann.waitFor("2 here") != nil, "Bo never showed in the lobby")
        try ann.keys("s")
        let everyone = [ann, bo]
        // Only Ann likes Pho: no match, and Pho leads alone.
        for (number, keys) in [(1, ["l", "h"]), (2, ["h", "h"]), (3, ["h", "h"])] {
            for (session, key) in zip(everyone, keys) {
                guard try session.waitFor("Card \(number) of 3") != nil else { throw ClientTestError("card \(number) never showed:\n\(try session.screen())") }
                try session.keys(key)
            }
        }
        let hostHint = try ann.waitFor("No choice yet: F plays a final round, A accepts the leader")
        #expect(hostHint != nil, "\((try? ann.screen()) ?? "")")
        let memberHint = try bo.waitFor("No choice yet: the host can play a final round or accept the leader")
        #expect(memberHint != nil, "\((try? bo.screen()) ?? "")")
        try ann.keys("A")
        let question = try ann.waitFor("Accept \"Pho\" as the group's choice?")
        #expect(question != nil, "\((try? ann.screen()) ?? "")")
        try ann.keys("y")
        for session in everyone {
            let screen = try session.waitFor("THE GROUP'S CHOICE")
            #expect(screen?.contains("Pho") == true && screen?.contains("the host accepted the leader") == true, "\(screen ?? "")")
        }
        // The decision is in the room's log: a restarted server still has it.
        bo.kill()
        ann.kill()
        server.stop()
        server = try ServerProcess(arguments: ["--data", data.path])
        let results = try ServerRawSocket.get(port: server.port, path: "/rooms/\(code)/results.json").body
        #expect(results.contains("\"winner\" : \"pho\"") || results.contains("\"winner\":\"pho\""), "\(results)")
        #expect(results.contains("accepted"), "\(results)")
    }
}
