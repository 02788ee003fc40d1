import Foundation
import Testing

/// A room of three run from the host's client under tmux: the lobby's join line, start, skip,
/// kick (Cy sees that she was removed and leaves with 4; `swipe join` as Cy again is refused with 2), export to files, reveal (everyone sees
/// the final results), close (Bo sees the room closed and leaves with 5; Ann's client ends with 0).
@Suite(.serialized) struct ClientHostTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func theHostRunsAWholeSession() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-host-ann-\(tag)",
                                        command: "sh -c 'cd \(folder.path) && exec \(swipe) create ws://127.0.0.1:\(server.port) --deck movies --name Ann'")
        defer { ann.kill() }
        let lobby = try #require(try ann.waitFor("others join with:"), "the lobby has no join line")
        let line = try #require(lobby.range(of: #"swipe join ws://127\.0\.0\.1:\d+/[2-9A-Z-]+ --name NAME"#, options: .regularExpression),
                                "no swipe join command in the lobby:\n\(lobby)")
        let address = String(lobby[line].split(separator: " ")[2])
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-host-bo-\(tag)", command: "\(swipe) join \(address) --name Bo")
        defer { bo.kill() }
        let cy = try ClientTmuxSession(tmux: tmux, name: "swipe-host-cy-\(tag)", command: "\(swipe) join \(address) --name Cy")
        defer { cy.kill() }
        #expect(try ann.waitFor("● Cy") != nil && ann.waitFor("● Bo") != nil, "Ann never saw Bo and Cy join")

        try ann.keys("s")
        #expect(try bo.waitFor("Card 1 of") != nil, "start did not reach Bo")
        try ann.keys("n")
        #expect(try bo.waitFor("Card 2 of") != nil, "skip did not move Bo on")
        #expect(try cy.waitFor("Card 2 of") != nil, "skip did not move Cy on")

        try ann.keys("K")
        #expect(try ann.waitFor("Remove whom from the room?") != nil, "no member picker")
        try ann.keys("j")
        try ann.keys("Enter")
        #expect(try ann.waitFor("Remove Cy from the room?") != nil, "no confirmation for the kick")
        try ann.keys("y")
        #expect(try cy.waitFor("The host removed you from the room.") != nil, "Cy was not told she was removed")
        #expect(try ann.waitFor("GROUP (2)") != nil, "Cy is still in Ann's group")
        try cy.keys("x")
        let cyEnd = try cy.waitFor("SWIPE-EXITED 4")
        let cyScreen = try cy.joinedScreen()
        #expect(cyEnd != nil && cyScreen.contains("swipe: the host removed you from room"), "\(cyScreen)")
        // Running `swipe join` again does not bring Cy back: the name is refused (exit 2).
        let again = try ClientTmuxSession(tmux: tmux, name: "swipe-host-cy2-\(tag)", command: "\(swipe) join \(address) --name Cy")
        defer { again.kill() }
        let (againStatus, againScreen) = try again.exited()
        #expect(againStatus == 2 && againScreen.contains("the host removed Cy from room"), "\(againScreen)")

        try ann.keys("l")
        try bo.keys("h")
        #expect(try bo.waitFor("Card 3 of") != nil, "the card did not resolve after both votes")
        try ann.keys("e")
        let saved = try #require(try ann.waitFor("saved swipe-results-"), "the export was not written")
        let csv = folder.appendingPathComponent(saved.range(of: #"swipe-results-[2-9A-Z-]+\.csv"#, options: .regularExpression)
            .map { String(saved[$0]) } ?? "missing.csv")
        let text = try String(contentsOf: csv, encoding: .utf8)
        #expect(text.hasPrefix("rank,card,title,likes,nopes,superLikes,score,matched,votes"), "\(text)")
        #expect(text.contains("Ann:like") && text.contains("Bo:nope"), "\(text)")

        try ann.keys("R")
        #expect(try ann.waitFor("Reveal the results now") != nil, "no confirmation for reveal")
        try ann.keys("y")
        #expect(try bo.waitFor("Results · final") != nil, "reveal did not show Bo the final results")

        try ann.keys("C")
        try ann.keys("y")
        #expect(try bo.waitFor("This room is closed.") != nil, "Bo was not told the room closed")
        try bo.keys("x")
        #expect(try bo.waitFor("SWIPE-EXITED 5") != nil, "Bo did not leave with 5")
        let annEnd = try ann.waitFor("SWIPE-EXITED 0")
        let annScreen = try ann.joinedScreen()
        #expect(annEnd != nil && annScreen.contains("swipe: you closed room"), "the host's client did not end with 0:\n\(annScreen)")
    }
}
