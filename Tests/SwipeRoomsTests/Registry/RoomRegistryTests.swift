import Foundation
import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

@Suite struct RoomRegistryTests {
    @Test func codesUseTheAlphabetAndCarryFortyBitsOrMore() {
        var random = SeededRandom(seed: 9)
        var seen = Set<RoomCode>()
        for _ in 0..<200 {
            let code = RoomCodes.make(&random)
            let letters = code.rawValue.filter { $0 != "-" }
            #expect(letters.count == RoomCodes.length)
            #expect(letters.allSatisfy(RoomCode.alphabet.contains))
            seen.insert(code)
        }
        #expect(seen.count == 200)
        #expect(Double(RoomCodes.length) * log2(Double(RoomCode.alphabet.count)) >= 40)
    }

    @Test(arguments: [("k7qm-x4td-9r", "K7QM-X4TD-9R"), ("K7QMX4TD9R", "K7QM-X4TD-9R"), ("k7qm x4td 9r", "K7QM-X4TD-9R")])
    func codesAreAcceptedAsTyped(_ typed: String, _ expected: String) {
        #expect(RoomCodes.canonical(typed) == RoomCode(expected))
    }

    @Test(arguments: ["K7QM-X4TD", "K7QM-X4TD-9O", "", "K7QM-X4TD-9R-2"])
    func malformedCodesAreNotCodes(_ typed: String) {
        #expect(RoomCodes.canonical(typed) == nil)
    }

    @Test func tokensAre128BitHex() {
        var random = SeededRandom(seed: 3)
        let token = RoomCodes.token(&random)
        #expect(token.count == 32)
        #expect(token.allSatisfy { $0.isHexDigit })
    }

    @Test func createRefusalsNameTheProblem() {
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        let cases: [(CreateRoom, ErrorCode, String)] = [
            (CreateRoom(name: "A", deck: "nope"), .unknownDeck, "no deck \"nope\" (available: movies, restaurants, world-cinema)"),
            (CreateRoom(name: "A", pacing: .free), .missingField, "only a lockstep room may start without one"),
            (CreateRoom(name: "A", cards: []), .badDeck, "\"cards\" is empty"),
            (CreateRoom(name: "A", cards: [Card(id: "x", title: "X"), Card(id: "x", title: "Y")]), .badDeck, "used twice"),
            (CreateRoom(name: "A", deck: "movies", timerSeconds: -1), .badField, "timerSeconds"),
            (CreateRoom(name: "", deck: "movies"), .badField, "\"name\" is empty"),
        ]
        for (request, code, text) in cases {
            let result = registry.create(request, from: ConnectionID(1), at: 0)
            #expect(result.room == nil)
            guard case let .reply(.error(error), _)? = result.effects.first else { Issue.record("no refusal for \(request)"); continue }
            #expect(error.code == code)
            #expect(error.message.contains(text))
        }
        #expect(registry.rooms.isEmpty)
    }

    @Test func inlineCardsAreCleanedAndJoinsAreRouted() throws {
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        let created = registry.create(CreateRoom(name: "Ann", cards: [Card(id: "a", title: "A\u{1B}]0;x\u{07}")]), from: ConnectionID(1), at: 0)
        let code = try #require(created.room)
        #expect(registry.room(code)?.cards.first?.title == "A")
        let joined = registry.join(JoinRoom(room: RoomCode(code.rawValue.lowercased()), name: "Bo"), from: ConnectionID(2), at: 1)
        #expect(joined.room == code)
        let missing = registry.join(JoinRoom(room: "2222-2222-22", name: "Bo"), from: ConnectionID(3), at: 1)
        #expect(missing.effects == [.reply(.error(ProtocolError(.unknownRoom, "join: no room \"2222-2222-22\"")), to: ConnectionID(3))])
    }

    @Test func theRoomLimitIsEnforced() {
        var registry = RoomRegistry(library: .bundled(), limits: RegistryLimits(maxRooms: 1), random: SeededRandom(seed: 1))
        #expect(registry.create(CreateRoom(name: "A", deck: "movies"), from: ConnectionID(1), at: 0).room != nil)
        let second = registry.create(CreateRoom(name: "B", deck: "movies"), from: ConnectionID(2), at: 0)
        guard case let .reply(.error(error), _)? = second.effects.first else { Issue.record("not refused"); return }
        #expect(error.code == .tooManyRooms)
    }
}

@Suite struct RoomEvictionTests {
    @Test func onlyRoomsAbandonedLongEnoughAreEvicted() throws {
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 2))
        let busy = try #require(registry.create(CreateRoom(name: "A", deck: "movies"), from: ConnectionID(1), at: 0).room)
        let empty = try #require(registry.create(CreateRoom(name: "B", deck: "movies"), from: ConnectionID(2), at: 0).room)
        _ = registry.handle(.memberDisconnected("m1"), in: empty, at: 1_000)
        #expect(registry.evictAbandoned(idle: 60_000, at: 60_999).isEmpty)
        #expect(registry.evictAbandoned(idle: 60_000, at: 61_000) == [empty])
        #expect(registry.room(busy) != nil)
        #expect(registry.room(empty) == nil)
    }
}
