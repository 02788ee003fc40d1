import Foundation
import Testing
import SwipeClient
import SwipeProtocol

/// `swipe-server --ssh-join LINE`: every welcome carries the line (a joiner's too, and after a
/// resume); a line that is not one printable line is refused at start with status 64.
@Suite struct ServerSSHJoinTests {
    @Test func everyWelcomeCarriesTheLine() throws {
        let server = try ServerProcess(arguments: ["--ssh-join", "ssh -t -p 2222 swipe@swipe.example.org"])
        defer { server.stop() }
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies")))
        let first = try #require(ServerSessionTests.welcome(ann))
        #expect(first.sshJoin == "ssh -t -p 2222 swipe@swipe.example.org")
        let bo = try ServerSessionTests.connect(server)
        bo.send(.join(JoinRoom(room: first.room.code, name: "Bo")))
        #expect(ServerSessionTests.welcome(bo)?.sshJoin == "ssh -t -p 2222 swipe@swipe.example.org")
    }

    @Test func withoutTheFlagThereIsNoLine() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies")))
        #expect(try #require(ServerSessionTests.welcome(ann)).sshJoin == nil)
    }

    @Test(arguments: ["", "ssh\u{1b}[2J", "ssh\nswipe@h", String(repeating: "x", count: 201)])
    func aBadLineIsRefusedAtStart(_ line: String) throws {
        let run = try clientRun(ServerProcess.binary.path, ["--port", "0", "--data", ":memory:", "--ssh-join", line])
        #expect(run.status == 64 && run.output.contains("--ssh-join"), "--ssh-join \(line.debugDescription): \(run.status) \(run.output)")
    }
}
