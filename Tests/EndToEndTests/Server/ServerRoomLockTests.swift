import Foundation
import SwipeClient
import SwipeProtocol
import Testing

/// `host lock` against the real server: strangers with the code are refused, members resume with
/// their tokens, a removed member cannot come back under another name, and a restart keeps the lock.
@Suite(.serialized) struct ServerRoomLockTests {
    static let wait = 10.0

    static func connect(_ server: ServerProcess) throws -> BlockingWebSocket {
        try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: wait, subprotocol: ProtocolVersion.subprotocol)
    }

    static func join(_ server: ServerProcess, _ join: JoinRoom) throws -> (BlockingWebSocket, ServerMessage?) {
        let socket = try connect(server)
        socket.send(.join(join))
        return (socket, socket.receive(until: { $0.type == "welcome" || $0.type == "error" }, timeout: wait))
    }

    static func refusal(_ answer: ServerMessage?) -> ProtocolError? {
        if case let .error(error)? = answer { error } else { nil }
    }

    @Test func aLockedRoomLetsOnlyItsMembersBackInAndStaysLockedAfterARestart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-lock-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var server = try ServerProcess(arguments: ["--data", directory])
        let ann = try Self.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep)))
        guard case let .welcome(annWelcome)? = ann.receive(until: { $0.type == "welcome" }, timeout: Self.wait) else {
            Issue.record("no welcome for Ann"); return
        }
        let code = annWelcome.room.code
        let (bo, boAnswer) = try Self.join(server, JoinRoom(room: code, name: "Bo"))
        let (cy, cyAnswer) = try Self.join(server, JoinRoom(room: code, name: "Cy"))
        guard case let .welcome(boWelcome)? = boAnswer, case let .welcome(cyWelcome)? = cyAnswer else {
            Issue.record("Bo or Cy could not join: \(String(describing: boAnswer)) \(String(describing: cyAnswer))"); return
        }
        #expect(boWelcome.room.locked == nil)

        ann.send(.host(HostCommand(command: .lock)))
        #expect(bo.receive(until: { $0.type == "roomLocked" }, timeout: Self.wait) == .roomLocked(RoomLock(locked: true)))
        let stranger = Self.refusal(try Self.join(server, JoinRoom(room: code, name: "Dee")).1)
        #expect(stranger?.code == .notAllowed)
        #expect(stranger?.message == "join: the host has locked room \(code); no new members until they unlock it")

        // Cy is removed, and cannot come back as someone else while the room is locked.
        ann.send(.host(HostCommand(command: .kick, member: cyWelcome.you)))
        _ = cy.receive(until: { $0.type == "roomClosed" }, timeout: Self.wait)
        #expect(Self.refusal(try Self.join(server, JoinRoom(room: code, name: "Not Cy")).1)?.code == .notAllowed)

        // Bo drops and resumes with his token: still a member, and told the room is locked.
        bo.close()
        let (_, back) = try Self.join(server, JoinRoom(room: code, token: boWelcome.token))
        guard case let .welcome(resumed)? = back else { Issue.record("Bo could not resume: \(String(describing: back))"); return }
        #expect(resumed.you == boWelcome.you && resumed.room.locked == true)

        // A restart keeps the lock (from the log).
        #expect(server.terminate() == 0)
        server = try ServerProcess(arguments: ["--data", directory])
        defer { server.stop() }
        #expect(Self.refusal(try Self.join(server, JoinRoom(room: code, name: "Eve")).1)?.code == .notAllowed)
        let (host, hostBack) = try Self.join(server, JoinRoom(room: code, token: annWelcome.token))
        guard case let .welcome(hostWelcome)? = hostBack else { Issue.record("Ann could not resume: \(String(describing: hostBack))"); return }
        #expect(hostWelcome.room.locked == true)
        host.send(.host(HostCommand(command: .unlock)))
        #expect(host.receive(until: { $0.type == "roomLocked" }, timeout: Self.wait) == .roomLocked(RoomLock(locked: false)))
        guard case let .welcome(eve)? = try Self.join(server, JoinRoom(room: code, name: "Eve")).1 else {
            Issue.record("Eve could not join the unlocked room"); return
        }
        #expect(eve.room.locked == nil)
        #expect(Self.refusal(try Self.join(server, JoinRoom(room: code, name: "Cy")).1)?.code == .notAllowed, "a removed name stays out")
    }
}
