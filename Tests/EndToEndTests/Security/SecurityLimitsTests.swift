import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Limits with clear errors against the real binary, each configured low so the test is quick.
@Suite struct SecurityLimitsTests {
    static func connect(_ server: ServerProcess) throws -> BlockingWebSocket {
        try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 10)
    }

    static func answer(_ socket: BlockingWebSocket) -> ServerMessage? {
        socket.receive(until: { $0.type == "welcome" || $0.type == "error" }, timeout: 10)
    }

    @Test func roomsMembersDeckNameAndTextLimits() throws {
        let server = try ServerProcess(arguments: ["--max-rooms", "1", "--max-members", "2"])
        let ann = try Self.connect(server)
        let longTitle = String(repeating: "t", count: 500)
        ann.send(.create(CreateRoom(name: String(repeating: "A", count: 100), cards: [Card(id: "a", title: longTitle)])))
        guard case let .welcome(welcome)? = Self.answer(ann) else { Issue.record("no welcome"); return }
        #expect(welcome.room.members.first?.name.count == 32)          // names are cut to 32 characters
        #expect(welcome.room.visible.first?.title.count == 200)        // card titles to 200

        let second = try Self.connect(server)
        second.send(.create(CreateRoom(name: "Zed", deck: "movies")))
        guard case let .error(tooMany)? = Self.answer(second) else { Issue.record("second room accepted"); return }
        #expect(tooMany.code == .tooManyRooms && tooMany.message.contains("1 rooms"))

        let bo = try Self.connect(server)
        bo.send(.join(JoinRoom(room: welcome.room.code, name: "Bo")))
        #expect(Self.answer(bo)?.type == "welcome")
        let cy = try Self.connect(server)
        cy.send(.join(JoinRoom(room: welcome.room.code, name: "Cy")))
        guard case let .error(full)? = Self.answer(cy) else { Issue.record("third member admitted"); return }
        #expect(full.code == .roomFull && full.message.contains("2 members"))
        #expect(server.terminate() == 0)
    }

    @Test func aDeckTooLargeIsRefusedByName() throws {
        let server = try ServerProcess()
        let ann = try Self.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", cards: (0..<501).map { Card(id: CardID("c\($0)"), title: "C") })))
        guard case let .error(error)? = Self.answer(ann) else { Issue.record("501 cards accepted"); return }
        #expect(error.code == .badDeck && error.message.contains("501 cards (at most 500)"))
        #expect(server.terminate() == 0)
    }
}
