import Logging
import SwipeBackend
import SwipeCore
import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeLocalBackend

/// The local backend against a test double of its host: what a backend sees of the server is the
/// narrow `RoomHost`, so the backend runs here with no shell, socket or lws at all.
@Suite struct LocalBackendTests {
    /// Stands in for the shell: keeps the registry, records what the backend asks.
    final class RecordingHost: RoomHost, RoomServerEvents {
        var server: any RoomServerEvents { self }
        func roomHasWebhook(_ code: RoomCode, url: String) {}
        func webhookTakenOver(_ payload: [UInt8]) {}
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 7))
        var now: ServerTime = 1_000
        let logger = Logger(label: "test")
        let rules = RoomRules(restartGrace: 120_000, maxRoomsPerAddress: 20, failedLookups: 20, failedLookupWindow: 60_000,
                              unjoinedRoomTimeout: 120_000)
        var timers = TimerSchedule()
        var calls: [String] = []
        var applied: [RoomEffect] = []

        func apply(_ effects: [RoomEffect], in code: RoomCode?) {
            applied += effects
            calls.append("apply \(effects.count) in \(code.map(\.rawValue) ?? "none")")
        }
        /// As the driver does: the entry ends, then the answer is applied (its counting is the
        /// driver's, `RoomDriverTests`).
        var entering: Set<ConnectionID> = []
        func answerEntry(_ effects: [RoomEffect], in code: RoomCode?, for session: RoomSession?, created: Bool) {
            if let session {
                entering.remove(session.id)
                calls.append("answered \(session.id.rawValue)\(created && code != nil ? " created \(code?.rawValue ?? "")" : "")")
            }
            apply(effects, in: code)
        }
        func letIdleRoomsGo(at time: ServerTime, idleFor: ServerTime?) { calls.append("let idle rooms go") }
        func endEntry(_ session: RoomSession, telling error: ProtocolError?) {
            entering.remove(session.id)
            calls.append("ended \(session.id.rawValue)\(error.map { " " + $0.code.rawValue } ?? "")")
        }
        func enqueue(_ message: ServerMessage, to session: RoomSession) { calls.append("enqueue \(message.type)") }
        func closeAfterFlush(_ session: RoomSession, _ code: CloseCode, _ reason: String) { calls.append("close \(code.rawValue)") }
        func session(numbered id: ConnectionID) -> RoomSession? { nil }
        func hasMembersHere(in code: RoomCode) -> Bool { false }
        func closeMembersHere(in code: RoomCode, _ closeCode: CloseCode, _ reason: String) {}
        func broadcast(_ message: ServerMessage, in code: RoomCode, except skipped: MemberID?, toProtocol1Only: Bool) {}
        func encode(_ message: ServerMessage) -> [UInt8]? { nil }
        func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String) {}
        func roomCreated(_ code: RoomCode, by session: RoomSession) { calls.append("created \(code) by \(session.address)") }
        func roomForgotten(_ code: RoomCode) { calls.append("forgotten \(code)") }
        func failedLookup(from address: String, at time: ServerTime) { calls.append("failed \(address)") }
        func adoptFailedLookups(ages: [ServerTime], for address: String) {}
        func answerWhenReady(_ request: HTTPRequestID) {}
        func recordStoreAppend(since start: ContinuousClock.Instant) {}
        func countCheckpoints(_ count: Int) {}
        func requestStop() { calls.append("stop") }
    }

    static func connection(_ number: Int, from address: String = "198.51.100.4") -> RoomSession {
        RoomSession(id: ConnectionID(number), address: address)
    }

    @Test func aCreateMakesTheRoomHereAndNamesItsCreator() throws {
        let host = RecordingHost()
        let backend = LocalBackend(host: host, directory: nil)
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: Self.connection(1), at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        #expect(host.calls.first == "answered 1 created \(code)", "answered as a create of this room, for its creator")
        #expect(host.applied.contains { if case .bind(ConnectionID(1), _) = $0 { true } else { false } })
        #expect(host.applied.contains { if case .send(.welcome, _) = $0 { true } else { false } })
    }

    @Test func aRefusedCreateMakesNoRoomAndCountsNothing() {
        let host = RecordingHost()
        let backend = LocalBackend(host: host, directory: nil)
        backend.createRoom(CreateRoom(name: "Ann", deck: "no such deck"), pictures: [:], for: Self.connection(1), at: host.now)
        #expect(host.registry.rooms.isEmpty)
        #expect(host.calls.first == "answered 1", "answered, as no create of a room")
        #expect(host.applied.contains { if case .reply(.error, ConnectionID(1)) = $0 { true } else { false } })
    }

    @Test func findingARoomAnswersAtOnce() throws {
        let host = RecordingHost()
        let backend = LocalBackend(host: host, directory: nil)
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: Self.connection(1), at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        var answers: [Bool] = []
        backend.findRoom(code) { answers.append($0) }
        backend.findRoom("ZZZZ-ZZZZ-ZZ") { answers.append($0) }
        #expect(answers == [true, false])
    }

    /// A wrong token is a guess, answered as one (counted against the address by the driver); the
    /// join is no longer pending either way.
    @Test(arguments: [(nil, false), ("not-the-token", true)] as [(String?, Bool)])
    func aJoinWithAWrongTokenIsAFailedLookup(token: String?, counted: Bool) throws {
        let host = RecordingHost()
        let backend = LocalBackend(host: host, directory: nil)
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: Self.connection(1), at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        let joiner = Self.connection(2, from: "203.0.113.9")
        host.entering.insert(joiner.id)
        host.calls = []
        host.applied = []
        backend.joinRoom(JoinRoom(room: code, name: "Bo", token: token), in: code, for: joiner, at: host.now)
        #expect(!host.entering.contains(joiner.id))
        // The answer the driver counts as a failed lookup (RoomDriverTests) is a guess miss.
        #expect(host.applied.contains(where: RoomEffect.isGuessMiss) == counted)
    }

    /// At the per-address cap, a room its address left unjoined makes way; a room someone joined does not.
    @Test func onlyARoomLeftUnjoinedMakesWay() throws {
        let host = RecordingHost()
        let backend = LocalBackend(host: host, directory: nil)
        let creator = Self.connection(1)
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: creator, at: host.now)
        let joined = try #require(host.registry.rooms.keys.first)
        backend.joinRoom(JoinRoom(room: joined, name: "Bo"), in: joined, for: Self.connection(2), at: host.now)
        #expect(!backend.makeWayForCreate(among: [joined], from: creator.address))
        #expect(host.registry.rooms[joined] != nil)
        // Its creator leaves a second room before anyone joins it.
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: Self.connection(3), at: host.now)
        let unjoined = try #require(host.registry.rooms.keys.first { $0 != joined })
        let member = try #require(host.registry.rooms[unjoined]?.members.first?.id)
        backend.memberDisconnected(member, of: Self.connection(3), in: unjoined, grace: 0, at: host.now)
        #expect(backend.makeWayForCreate(among: [joined, unjoined], from: creator.address))
        #expect(host.registry.rooms[unjoined] == nil)
        #expect(host.registry.rooms[joined] != nil)
    }

    @Test func theEvictionCheckIsSetFromTheStartAndMovesOnEachTime() {
        let host = RecordingHost()
        let backend = LocalBackend(host: host, directory: nil)
        let first = try? #require(host.timers.evictionCheck)
        #expect(first == host.now + backend.evictionInterval)
        host.now += backend.evictionInterval
        backend.serviceTurn(at: host.now)
        #expect(host.timers.evictionCheck == host.now + backend.evictionInterval)
    }
}
