import Foundation
import Logging
import SwipeBackend
import SwipeCore
import SwipeProtocol
import SwipeRooms
import SwipeStore
import Testing
@testable import SwipeLocalBackend

/// Hibernation on this machine, with a real log in a temporary directory and time injected: a
/// room nobody is in leaves memory, comes back on a join, a results request or its close, and a
/// start reads only the index.
@Suite struct LocalBackendHibernationTests {
    /// Stands in for the shell as far as hibernation needs: commits each apply's records through
    /// the backend first, as the shell does, and keeps the room timers.
    final class StoringHost: RoomHost, RoomServerEvents {
        var server: any RoomServerEvents { self }
        func roomHasWebhook(_ code: RoomCode, url: String) {}
        func webhookTakenOver(_ payload: [UInt8]) {}
        var registry: RoomRegistry
        var now: ServerTime = 1_000
        let logger = Logger(label: "test")
        let rules = RoomRules(restartGrace: 120_000, maxRoomsPerAddress: 20, failedLookups: 20, failedLookupWindow: 60_000,
                              unjoinedRoomTimeout: 120_000)
        var timers = TimerSchedule()
        var sent: [MemberID: [ServerMessage]] = [:]
        weak var backend: LocalBackend?

        init(wallClockAtZero: ServerTime) {
            var limits = RegistryLimits()
            limits.wallClockAtZero = wallClockAtZero
            registry = RoomRegistry(library: .bundled(), limits: limits, random: SeededRandom(seed: 7))
        }

        func apply(_ effects: [RoomEffect], in code: RoomCode?) {
            let records = effects.compactMap { if case let .append(record) = $0 { record } else { nil } }
            guard records.isEmpty || backend?.commit(records) == true else { return }
            for effect in effects {
                switch effect {
                case let .scheduleTimer(at): if let code { timers.setRoomTimer(code, at: at) }
                case .cancelTimer: if let code { timers.cancelRoomTimer(code) }
                case let .send(message, to: member): sent[member, default: []].append(message)
                default: break
                }
            }
            if let code, registry.rooms[code] == nil, backend?.hibernated[code] == nil { backend?.roomClosed(code) }
        }
        func answerEntry(_ effects: [RoomEffect], in code: RoomCode?, for session: RoomSession?, created: Bool) { apply(effects, in: code) }
        func endEntry(_ session: RoomSession, telling error: ProtocolError?) {}
        /// As the driver does (`RoomDriver+Hibernation.swift`, its own tests): every room the store
        /// has seen idle for `idleFor` goes.
        func letIdleRoomsGo(at time: ServerTime, idleFor: ServerTime?) {
            guard let backend, let after = idleFor ?? rules.hibernateAfter else { return }
            backend.letGo(registry.rooms.keys.filter { code in backend.idleSince(code).map { time - $0 >= after } == true }, at: time)
        }
        func enqueue(_ message: ServerMessage, to session: RoomSession) {}
        func closeAfterFlush(_ session: RoomSession, _ code: CloseCode, _ reason: String) {}
        func session(numbered id: ConnectionID) -> RoomSession? { nil }
        func hasMembersHere(in code: RoomCode) -> Bool { false }
        func closeMembersHere(in code: RoomCode, _ closeCode: CloseCode, _ reason: String) {}
        func broadcast(_ message: ServerMessage, in code: RoomCode, except skipped: MemberID?, toProtocol1Only: Bool) {}
        func encode(_ message: ServerMessage) -> [UInt8]? { nil }
        func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String) {}
        func roomCreated(_ code: RoomCode, by session: RoomSession) {}
        func roomForgotten(_ code: RoomCode) {}
        func failedLookup(from address: String, at time: ServerTime) {}
        func adoptFailedLookups(ages: [ServerTime], for address: String) {}
        func answerWhenReady(_ request: HTTPRequestID) {}
        func recordStoreAppend(since start: ContinuousClock.Instant) {}
        func countCheckpoints(_ count: Int) {}
        func requestStop() {}
    }

    /// 2026-11-29T10:00:00Z at server time 0.
    static let wall: ServerTime = 1_795_946_400_000

    /// A host and backend on `directory`, its log restored.
    static func start(_ directory: String, wallClockAtZero: ServerTime = wall) throws -> (StoringHost, LocalBackend) {
        let host = StoringHost(wallClockAtZero: wallClockAtZero)
        let backend = LocalBackend(host: host, directory: directory)
        host.backend = backend
        try backend.restore()
        return (host, backend)
    }

    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("swipe-hibernate-\(UUID().uuidString)").path
    }

    /// Ann creates `request`'s room, Bo joins, both vote on the first card, both leave.
    static func votedAndLeft(_ host: StoringHost, _ backend: LocalBackend, _ request: CreateRoom) throws -> RoomCode {
        backend.createRoom(request, pictures: [:], for: RoomSession(id: ConnectionID(1), address: "198.51.100.4"), at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        backend.joinRoom(JoinRoom(room: code, name: "Bo"), in: code, for: RoomSession(id: ConnectionID(2), address: "203.0.113.9"), at: host.now)
        let first = try #require(host.registry.rooms[code]?.cards.first?.id)
        for member in ["m1", "m2"] as [MemberID] {
            backend.roomInput(.swipe(SwipeVote(card: first, direction: .right)), from: member, of: RoomSession(id: ConnectionID(9), address: "x"), in: code, at: host.now)
            backend.memberDisconnected(member, of: RoomSession(id: ConnectionID(9), address: "x"), in: code, grace: 0, at: host.now)
        }
        return code
    }

    @Test func aRoomNobodyIsInSleepsAfterAMinuteAndAJoinWakesItWithItsVotes() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (host, backend) = try Self.start(directory)
        let code = try Self.votedAndLeft(host, backend, CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        let before = try #require(host.registry.rooms[code]).results()
        // Idle, by this store's measure, since its last member left: the driver's rule lets it go a minute later.
        #expect(backend.idleSince(code) == host.now)
        host.now += 60_000
        host.letIdleRoomsGo(at: host.now, idleFor: nil)
        #expect(host.registry.rooms[code] == nil && backend.hibernated[code] != nil, "asleep after a minute")
        var found: [Bool] = []
        backend.findRoom(code) { found.append($0) }
        #expect(found == [true] && backend.hibernated[code] == nil)
        #expect(host.registry.rooms[code]?.results() == before, "woken with every vote")
    }

    @Test func aStartReadsTheIndexAndAResultsRequestWakesTheRoom() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var (host, backend) = try Self.start(directory)
        let code = try Self.votedAndLeft(host, backend, CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        let before = try #require(host.registry.rooms[code]).results()
        host.letIdleRoomsGo(at: host.now, idleFor: 0)
        #expect(host.registry.rooms.isEmpty)
        (host, backend) = try Self.start(directory)
        #expect(host.registry.rooms.isEmpty && backend.hibernated[code] != nil, "a start loads no hibernated room")
        #expect(!backend.waitForRoom(code, path: "/rooms/\(code)/results.json", request: HTTPRequestID(rawValue: 1)))
        #expect(host.registry.rooms[code]?.results() == before)
        // Woken, it is an ordinary room again: a restart now restores it with the others.
        (host, backend) = try Self.start(directory)
        #expect(host.registry.rooms[code]?.results() == before && backend.hibernated.isEmpty)
    }

    @Test func aSleepingRoomClosesOnTimeEvenAcrossARestart() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var (host, backend) = try Self.start(directory)
        let closesAt = "2026-11-29T12:00:00Z"   // two hours after server time 0
        let code = try Self.votedAndLeft(host, backend, CreateRoom(name: "Ann", deck: "movies", closesAt: closesAt))
        host.letIdleRoomsGo(at: host.now, idleFor: 0)
        #expect(host.registry.rooms.isEmpty && host.timers.roomTimers[code] == 7_200_000)
        // The server stops and starts again at 13:00, an hour past the close.
        (host, backend) = try Self.start(directory, wallClockAtZero: Self.wall + 3 * 3_600_000)
        #expect(host.registry.rooms.isEmpty && host.timers.roomTimers[code] == host.now, "due at once")
        for due in host.timers.takeDueRooms(at: host.now) { backend.timerDue(due, at: host.now) }
        let room = try #require(host.registry.rooms[code], "woken for its close")
        #expect(room.phase == .finished && room.results().winner != nil && room.results().decidedBy == .onlyMatch)
    }

    @Test func aSleepingRoomIsForgottenOnTime() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (host, backend) = try Self.start(directory)
        let code = try Self.votedAndLeft(host, backend, CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        host.letIdleRoomsGo(at: host.now, idleFor: 0)
        #expect(backend.evictHibernated(at: host.now + host.rules.abandonedRoomTimeout - 1).isEmpty)
        #expect(backend.evictHibernated(at: host.now + host.rules.abandonedRoomTimeout) == [code])
    }

    /// A room only its creator joined, without a closing time, does not sleep: it stays in memory
    /// until `--unjoined-room-timeout` (not the abandoned rooms' 30 minutes asleep), and its address
    /// may still give it up to make way for a new one.
    @Test func aRoomOnlyItsCreatorJoinedStaysAwakeUntilTheUnjoinedTimeout() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (host, backend) = try Self.start(directory)
        let creator = RoomSession(id: ConnectionID(1), address: "198.51.100.4")
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies", pacing: .free), pictures: [:], for: creator, at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        backend.memberDisconnected("m1", of: creator, in: code, grace: 0, at: host.now)
        let left = host.now
        #expect(backend.idleSince(code) == nil, "never idle enough to sleep")
        host.letIdleRoomsGo(at: host.now + 90_000, idleFor: 0)
        #expect(host.registry.rooms[code] != nil && backend.hibernated[code] == nil, "awake past --hibernate-after")
        #expect(backend.makeWayForCreate(among: [code], from: creator.address), "its address may still give it up")
        // Made again, it is forgotten at the unjoined timeout, from memory.
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies", pacing: .free), pictures: [:], for: creator, at: host.now)
        let again = try #require(host.registry.rooms.keys.first)
        backend.memberDisconnected("m1", of: creator, in: again, grace: 0, at: left)
        host.now = left + host.rules.unjoinedRoomTimeout
        host.timers.evictionCheck = host.now
        backend.serviceTurn(at: host.now)
        #expect(host.registry.rooms[again] == nil && backend.hibernated[again] == nil)
    }
}
