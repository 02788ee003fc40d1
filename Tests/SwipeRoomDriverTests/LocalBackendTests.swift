import SwipeBackend
import SwipeCore
import SwipeMemoryStore
import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeRoomDriver

/// The local backend on the real driver (`LocalHarness`): a recording transport in place of the
/// shell, and no store or the in-memory one, so its rules run here with no socket or file at all.
@Suite struct LocalBackendTests {
    @Test func aCreateMakesTheRoomHereAndNamesItsCreator() throws {
        let host = try LocalHarness(store: nil)
        let creator = host.connect(1)
        #expect(host.driver.beginEntry(creator))
        host.backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: creator, at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        #expect(!host.driver.isEntering(creator), "answered")
        #expect(host.edges.calls.contains("created \(code)"), "counted as a create of this room, for its creator")
        #expect(creator.room == code && creator.member != nil, "bound")
        #expect(host.edges.sent.contains { if case .welcome = $0.0 { $0.1 == creator.id } else { false } })
    }

    @Test func aRefusedCreateMakesNoRoomAndCountsNothing() throws {
        let host = try LocalHarness(store: nil)
        let creator = host.connect(1)
        #expect(host.driver.beginEntry(creator))
        host.backend.createRoom(CreateRoom(name: "Ann", deck: "no such deck"), pictures: [:], for: creator, at: host.now)
        #expect(host.registry.rooms.isEmpty)
        #expect(!host.driver.isEntering(creator), "answered, as no create of a room")
        #expect(!host.edges.calls.contains { $0.hasPrefix("created") })
        #expect(host.edges.sent.contains { if case .error = $0.0 { $0.1 == creator.id } else { false } })
    }

    @Test func findingARoomAnswersAtOnce() throws {
        let host = try LocalHarness(store: nil)
        host.backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: host.connect(1), at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        var answers: [Bool] = []
        host.backend.findRoom(code) { answers.append($0) }
        host.backend.findRoom("ZZZZ-ZZZZ-ZZ") { answers.append($0) }
        #expect(answers == [true, false])
    }

    /// A wrong token is a guess, counted against the address by the driver; the join is no longer
    /// pending either way.
    @Test(arguments: [(nil, false), ("not-the-token", true)] as [(String?, Bool)])
    func aJoinWithAWrongTokenIsAFailedLookup(token: String?, counted: Bool) throws {
        let host = try LocalHarness(store: nil)
        host.backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: host.connect(1), at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        let joiner = host.connect(2, from: "203.0.113.9")
        #expect(host.driver.beginEntry(joiner))
        host.backend.joinRoom(JoinRoom(room: code, name: "Bo", token: token), in: code, for: joiner, at: host.now)
        #expect(!host.driver.isEntering(joiner))
        #expect(host.edges.calls.contains("failed 203.0.113.9") == counted)
    }

    /// At the per-address cap, a room its address left unjoined makes way; a room someone joined does not.
    @Test func onlyARoomLeftUnjoinedMakesWay() throws {
        let host = try LocalHarness(store: nil)
        let creator = host.connect(1)
        host.backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: creator, at: host.now)
        let joined = try #require(host.registry.rooms.keys.first)
        host.backend.joinRoom(JoinRoom(room: joined, name: "Bo"), in: joined, for: host.connect(2), at: host.now)
        #expect(!host.backend.makeWayForCreate(among: [joined], from: creator.address))
        #expect(host.registry.rooms[joined] != nil)
        // Its creator leaves a second room before anyone joins it.
        host.backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: RoomSession(id: ConnectionID(3), address: creator.address),
                                at: host.now)
        let unjoined = try #require(host.registry.rooms.keys.first { $0 != joined })
        let member = try #require(host.registry.rooms[unjoined]?.members.first?.id)
        host.disconnect(member, in: unjoined)
        #expect(host.backend.makeWayForCreate(among: [joined, unjoined], from: creator.address))
        #expect(host.registry.rooms[unjoined] == nil)
        #expect(host.registry.rooms[joined] != nil)
        #expect(host.edges.calls.contains("forgotten \(unjoined)"))
    }

    @Test func theEvictionCheckIsSetFromTheStartAndMovesOnEachTime() throws {
        let host = try LocalHarness(store: nil)
        let first = try #require(host.driver.timers.evictionCheck)
        #expect(first == host.now + host.backend.evictionInterval)
        host.now += host.backend.evictionInterval
        host.backend.serviceTurn(at: host.now)
        #expect(host.driver.timers.evictionCheck == host.now + host.backend.evictionInterval)
    }

    /// A vote's record is in the store before the driver carries out anything that acknowledges
    /// it; a store that cannot keep it stops the server, and nothing of it is carried out.
    @Test(arguments: [true, false])
    func aVoteIsKeptBeforeItIsAcknowledged(stored: Bool) throws {
        let store = MemoryRoomStore()
        let host = try LocalHarness(store: store)
        let ann = host.connect(1)
        host.backend.createRoom(CreateRoom(name: "Ann", deck: "movies", pacing: .free), pictures: [:], for: ann, at: host.now)
        let code = try #require(ann.room)
        let member = try #require(ann.member)
        let card = try #require(host.registry.rooms[code]?.cards.first?.id)
        let before = store.appended
        if !stored { store.failWrites = "disk full" }
        host.edges.sent = []
        host.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)), from: member, in: code)
        let acknowledged = host.edges.sent.contains { if case .voteAccepted = $0.0 { true } else { false } }
        #expect(acknowledged == stored)
        #expect((store.appended > before) == stored)
        #expect(host.edges.calls.contains("stop") == !stored, "a refused write stops the server")
        #expect((host.backend.storageFailure?.contains("disk full") ?? false) == !stored)
    }

    /// A room its host closes is gone from memory and from its store: a restart never brings it back.
    @Test func aRoomItsHostClosesIsForgottenInItsStore() throws {
        let store = MemoryRoomStore()
        let host = try LocalHarness(store: store)
        let ann = host.connect(1)
        host.backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: ann, at: host.now)
        let code = try #require(ann.room)
        #expect(store.tails[code] != nil)
        host.send(.host(HostCommand(command: .close)), from: try #require(ann.member), in: code)
        #expect(host.registry.rooms[code] == nil && host.edges.calls.contains("forgotten \(code)"))
        #expect(store.tails[code] == nil && store.checkpoints[code] == nil)
        #expect(try store.open().tail.allSatisfy { $0.room != code })
    }
}
