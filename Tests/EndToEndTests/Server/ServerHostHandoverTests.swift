import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// The host quits in the lobby, against the real server: the room is handed to Bo, who can start it.
@Suite(.serialized) struct ServerHostHandoverTests {
    @Test func aHostWhoQuitsInTheLobbyHandsTheRoomToTheNextMember() throws {
        let server = try ServerProcess()
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", cards: DurabilityRestartTests.cards, rule: .majority, pacing: .lockstep)))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code
        let bo = try ServerSessionTests.connect(server)
        bo.send(.join(JoinRoom(room: code, name: "Bo")))
        #expect(try #require(ServerSessionTests.welcome(bo)).you == "m2")
        ann.close()
        let handed = bo.receive(until: { if case let .memberUpdated(info) = $0 { info.id == "m2" } else { false } }, timeout: ServerSessionTests.wait)
        guard case let .memberUpdated(info)? = handed else { Issue.record("Bo was never made host"); return }
        #expect(info.role == .host)
        bo.send(.host(HostCommand(command: .start)))
        guard case let .phase(change)? = ServerSessionTests.next(bo, "phase") else { Issue.record("Bo's start did nothing"); return }
        #expect(change.phase == .voting)
        #expect(server.terminate() == 0)
    }
}
