import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// A lockstep card and a member whose connection ends mid-card, against the real server: a
/// goodbye (close 1000 or 1001) lets the others decide at once; a dropped connection (no close
/// frame, or 4000 "reconnecting") keeps the card waiting for them to come back.
@Suite(.serialized) struct ServerDropGraceTests {
    static let wait = 10.0

    /// How Bo's raw connection ends.
    enum Ending: String, CustomStringConvertible {
        case goodbye1000, goingAway1001, reconnecting4000, noCloseFrame

        var description: String { rawValue }

        func end(_ socket: ServerRawSocket) {
            switch self {
            case .goodbye1000: socket.sendFrame(opcode: 8, [0x03, 0xE8])
            case .goingAway1001: socket.sendFrame(opcode: 8, [0x03, 0xE9])
            case .reconnecting4000: socket.sendFrame(opcode: 8, [0x0F, 0xA0] + Array("reconnecting".utf8))
            case .noCloseFrame: break
            }
            socket.hangUp()
        }
    }

    /// Ann (host) and Cy over the client library and Bo over a raw socket, in a started lockstep
    /// room; Ann and Cy have voted on the first card. Returns Bo's socket and resume token.
    static func roomWaitingForBo(_ server: ServerProcess) throws -> (ann: BlockingWebSocket, cy: BlockingWebSocket,
                                                                      bo: ServerRawSocket, code: RoomCode, token: String) {
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", cards: DurabilityRestartTests.cards, rule: .majority, pacing: .lockstep)))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code
        let bo = try ServerRawSocket(port: server.port)
        _ = try bo.upgrade(path: "/")
        bo.sendText(#"{"type":"join","room":"\#(code.rawValue)","name":"Bo"}"#)
        let token = try #require(RawRoom.field("token", in: SecurityAccessTests.nextText(bo) ?? ""))
        let cy = try ServerSessionTests.connect(server)
        cy.send(.join(JoinRoom(room: code, name: "Cy")))
        _ = try #require(ServerSessionTests.welcome(cy))
        ann.send(.host(HostCommand(command: .start)))
        for socket in [ann, cy] { _ = ServerSessionTests.next(socket, "phase") }
        try DurabilityRestartTests.vote(ann, "d1", .right)
        try DurabilityRestartTests.vote(cy, "d1", .right)
        return (ann, cy, bo, code, token)
    }

    /// With a grace far longer than the test, whether the card waited shows in who decided it:
    /// Bo (back on a new connection) with his vote, or Ann and Cy alone right after he went.
    @Test(arguments: [(Ending.goodbye1000, false), (.goingAway1001, false), (.reconnecting4000, true), (.noCloseFrame, true)])
    func theCardWaitsOnlyForAConnectionThatDropped(ending: Ending, waits: Bool) throws {
        let server = try ServerProcess(arguments: ["--drop-grace", "600"])
        let room = try Self.roomWaitingForBo(server)
        ending.end(room.bo)
        let offline = room.ann.receive(until: { $0.type == "memberOffline" || $0.type == "cardResolved" }, timeout: Self.wait)
        #expect(offline?.type == "memberOffline", "Ann is told Bo went offline first: \(String(describing: offline))")
        if waits {
            let bo = try ServerSessionTests.connect(server)
            bo.send(.join(JoinRoom(room: room.code, token: room.token)))
            let welcome = try #require(ServerSessionTests.welcome(bo))
            #expect(welcome.room.tallies.first?.eligible == 3, "Bo still counted while away")
            try DurabilityRestartTests.vote(bo, "d1", .left)
        }
        guard case let .cardResolved(resolved)? = ServerSessionTests.next(room.ann, "cardResolved") else {
            Issue.record("the card never resolved (\(ending))"); return
        }
        #expect(resolved.tally.voted == (waits ? 3 : 2), "\(ending)")
        #expect(resolved.tally.eligible == (waits ? 3 : 2), "\(ending)")
        #expect(server.terminate() == 0)
    }

    /// The grace ends: a member who never comes back is decided without, and everyone moves on.
    @Test func aMemberWhoNeverComesBackIsDecidedWithoutWhenTheGraceEnds() throws {
        let server = try ServerProcess(arguments: ["--drop-grace", "1"])
        let room = try Self.roomWaitingForBo(server)
        Ending.noCloseFrame.end(room.bo)
        guard case let .cardResolved(resolved)? = ServerSessionTests.next(room.cy, "cardResolved") else {
            Issue.record("the card never resolved after the grace"); return
        }
        #expect(resolved.tally == Tally(card: "d1", likes: 2, voted: 2, eligible: 2))
        #expect(resolved.visible.first?.id == "d2")
        #expect(server.terminate() == 0)
    }
}
