import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol
import SwipeServer
import SwipeStore

/// Restarts as a group lives through them: a graceful one changes no room, and after a crash a
/// member who never comes back stalls nobody past the grace period.
@Suite(.serialized) struct DurabilityRestartTests {
    static let wait = 10.0
    static let cards = (1...4).map { Card(id: CardID("d\($0)"), title: "Card \($0)") }

    /// A lockstep room (no timer) of Ann (host), Bo and Cy on `server`, started; returns the sockets and tokens.
    static func lockstepRoom(_ server: ServerProcess) throws -> (code: RoomCode, sockets: [BlockingWebSocket], tokens: [String]) {
        var sockets: [BlockingWebSocket] = []
        var tokens: [String] = []
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", cards: cards, rule: .majority, pacing: .lockstep)))
        let welcome = try #require(ServerSessionTests.welcome(ann))
        sockets.append(ann)
        tokens.append(welcome.token)
        for name in ["Bo", "Cy"] {
            let socket = try ServerSessionTests.connect(server)
            socket.send(.join(JoinRoom(room: welcome.room.code, name: name)))
            tokens.append(try #require(ServerSessionTests.welcome(socket)).token)
            sockets.append(socket)
        }
        ann.send(.host(HostCommand(command: .start)))
        for socket in sockets { _ = ServerSessionTests.next(socket, "phase") }
        return (welcome.room.code, sockets, tokens)
    }

    static func vote(_ socket: BlockingWebSocket, _ card: CardID, _ direction: SwipeDirection) throws {
        socket.send(.swipe(SwipeVote(card: card, direction: direction)))
        let answer = socket.receive(until: { $0.type == "voteAccepted" || $0.type == "error" }, timeout: wait)
        guard case .voteAccepted? = answer else { throw ServerProcess.Failure(description: "vote on \(card): \(String(describing: answer))") }
    }

    static func resume(_ server: ServerProcess, _ code: RoomCode, token: String) throws -> (BlockingWebSocket, Welcome) {
        let socket = try ServerSessionTests.connect(server)
        socket.send(.join(JoinRoom(room: code, token: token)))
        return (socket, try #require(ServerSessionTests.welcome(socket)))
    }

    static func encoded(_ snapshot: RoomSnapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(snapshot), as: UTF8.self)
    }

    static func logEntries(_ directory: String) throws -> [LogEntry] {
        try EventLog(path: directory + "/rooms.sqlite").history()
    }

    /// SIGTERM with a card half voted: the shutdown appends nothing, decides nothing, and the room
    /// that comes back (once everyone resumed) is byte for byte the one that was there; also when
    /// it comes back from a checkpoint (every 4 records) and the records after it.
    @Test(arguments: [1000, 4])
    func aGracefulRestartChangesNoRoom(checkpointEvery: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-graceful-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--data", directory, "--checkpoint-every", "\(checkpointEvery)"]
        var server = try ServerProcess(arguments: arguments)
        let room = try Self.lockstepRoom(server)
        for (socket, direction) in zip(room.sockets, [SwipeDirection.right, .left, .right]) { try Self.vote(socket, "d1", direction) }
        try Self.vote(room.sockets[1], "d2", .up)   // one super-like of three voters on d2
        // Cy takes a fresh connection: her welcome is the whole room as it stands.
        let (cyBefore, before) = try Self.resume(server, room.code, token: room.tokens[2])
        let resultsBefore = try ServerRawSocket.get(port: server.port, path: "/rooms/\(room.code)/results.json").body
        let logBefore = try Self.logEntries(directory)
        if checkpointEvery < 10 { #expect(try EventLog(path: directory + "/rooms.sqlite").loadForRestart().checkpoints.count == 1) }

        #expect(server.terminate() == 0)
        let logAfter = try Self.logEntries(directory)
        #expect(logAfter == logBefore, "the shutdown appended \(logAfter.dropFirst(logBefore.count).map(\.kind))")
        (room.sockets + [cyBefore]).forEach { $0.close() }

        server = try ServerProcess(arguments: arguments)
        defer { server.stop() }
        let resultsAfter = try ServerRawSocket.get(port: server.port, path: "/rooms/\(room.code)/results.json").body
        #expect(resultsAfter == resultsBefore)
        var after: Welcome?
        var sockets: [BlockingWebSocket] = []
        for token in room.tokens {
            let (socket, welcome) = try Self.resume(server, room.code, token: token)
            sockets.append(socket)
            after = welcome
        }
        let restored = try #require(after)
        #expect(restored.you == before.you)
        #expect(try Self.encoded(restored.room) == Self.encoded(before.room))
        #expect(restored.room.tallies == [Tally(card: "d2", superLikes: 1, voted: 1, eligible: 3)])
        sockets.forEach { $0.close() }
    }

    /// SIGKILL after Ann and Bo voted; Ann and Bo resume, Cy never does. During the grace period
    /// Cy still counts (2 of 3 voted); when it ends the card resolves on Ann's and Bo's votes.
    @Test func aMemberWhoNeverReturnsAfterACrashStallsNobodyPastTheGracePeriod() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-grace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var server = try ServerProcess(arguments: ["--data", directory])
        let room = try Self.lockstepRoom(server)
        try Self.vote(room.sockets[0], "d1", .right)
        try Self.vote(room.sockets[1], "d1", .right)
        server.killHard()
        room.sockets.forEach { $0.close() }

        server = try ServerProcess(arguments: ["--data", directory, "--restart-grace", "1"])
        defer { server.stop() }
        let (ann, annWelcome) = try Self.resume(server, room.code, token: room.tokens[0])
        let (bo, _) = try Self.resume(server, room.code, token: room.tokens[1])
        #expect(annWelcome.room.tallies == [Tally(card: "d1", likes: 2, voted: 2, eligible: 3)])
        for socket in [ann, bo] {
            guard case let .cardResolved(resolved)? = socket.receive(until: { $0.type == "cardResolved" }, timeout: Self.wait) else {
                Issue.record("d1 never resolved after the grace period"); continue
            }
            #expect(resolved.card == "d1")
            #expect(resolved.outcome == .match)
            #expect(resolved.tally == Tally(card: "d1", likes: 2, voted: 2, eligible: 2))
        }
        // And the room goes on: the next card takes Ann's and Bo's votes.
        try Self.vote(ann, "d2", .left)
        try Self.vote(bo, "d2", .left)
        guard case let .cardResolved(next)? = ann.receive(until: { $0.type == "cardResolved" }, timeout: Self.wait) else {
            Issue.record("d2 did not resolve"); return
        }
        #expect(next.card == "d2")
        [ann, bo].forEach { $0.close() }
    }
}
