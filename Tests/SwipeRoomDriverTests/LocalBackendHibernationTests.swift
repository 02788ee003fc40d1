import Foundation
import Logging
import SwipeBackend
import SwipeCore
import SwipeProtocol
import SwipeRooms
import SwipeMemoryStore
import SwipeSQLiteStore
import Testing
@testable import SwipeRoomDriver

/// Hibernation over each `RoomStore` (the SQLite log in a temporary directory, and memory), time
/// injected: a room nobody is in leaves memory, comes back on a join, a results request or its
/// close, and a start reads only the index. The same store object across a "restart" is the
/// store outliving the process. The real driver carries out what the backend hands it
/// (`LocalHarness`).
@Suite struct LocalBackendHibernationTests {
    /// 2026-11-29T10:00:00Z at server time 0.
    static let wall: ServerTime = 1_795_946_400_000

    /// The stores the driver's hibernation runs over.
    enum StoreKind: String, CaseIterable, Sendable {
        case sqlite, memory

        /// A new, empty store of this kind.
        func make() -> any RoomStore {
            switch self {
            case .sqlite:
                SQLiteRoomStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("swipe-hibernate-\(UUID().uuidString)").path)
            case .memory:
                MemoryRoomStore()
            }
        }
    }

    /// Removes what a store left on disk.
    static func remove(_ store: any RoomStore) {
        if let sqlite = store as? SQLiteRoomStore { try? FileManager.default.removeItem(atPath: sqlite.directory) }
    }

    /// The real driver and a backend over `store`, its rooms restored.
    static func start(_ store: any RoomStore, wallClockAtZero: ServerTime = wall) throws -> (LocalHarness, LocalBackend) {
        let host = try LocalHarness(store: store, wallClockAtZero: wallClockAtZero)
        return (host, host.backend)
    }

    /// Ann creates `request`'s room, Bo joins, both vote on the first card, both leave.
    static func votedAndLeft(_ host: LocalHarness, _ backend: LocalBackend, _ request: CreateRoom) throws -> RoomCode {
        backend.createRoom(request, pictures: [:], for: RoomSession(id: ConnectionID(1), address: "198.51.100.4"), at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        backend.joinRoom(JoinRoom(room: code, name: "Bo"), in: code, for: RoomSession(id: ConnectionID(2), address: "203.0.113.9"), at: host.now)
        let first = try #require(host.registry.rooms[code]?.cards.first?.id)
        for member in ["m1", "m2"] as [MemberID] {
            host.send(.swipe(SwipeVote(card: first, direction: .right)), from: member, in: code)
            host.disconnect(member, in: code)
        }
        return code
    }

    @Test(arguments: StoreKind.allCases) func aRoomNobodyIsInSleepsAfterAMinuteAndAJoinWakesItWithItsVotes(kind: StoreKind) throws {
        let store = kind.make()
        defer { Self.remove(store) }
        let (host, backend) = try Self.start(store)
        let code = try Self.votedAndLeft(host, backend, CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        let before = try #require(host.registry.rooms[code]).results()
        // Idle, by this store's measure, since its last member left: the driver's rule lets it go a minute later.
        #expect(backend.idleSince(code) == host.now)
        host.now += 60_000
        host.driver.letIdleRoomsGo(at: host.now, idleFor: nil)
        #expect(host.registry.rooms[code] == nil && backend.hibernated[code] != nil, "asleep after a minute")
        var found: [Bool] = []
        backend.findRoom(code) { found.append($0) }
        #expect(found == [true] && backend.hibernated[code] == nil)
        #expect(host.registry.rooms[code]?.results() == before, "woken with every vote")
    }

    @Test(arguments: StoreKind.allCases) func aStartReadsTheIndexAndAResultsRequestWakesTheRoom(kind: StoreKind) throws {
        let store = kind.make()
        defer { Self.remove(store) }
        var (host, backend) = try Self.start(store)
        let code = try Self.votedAndLeft(host, backend, CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        let before = try #require(host.registry.rooms[code]).results()
        host.driver.letIdleRoomsGo(at: host.now, idleFor: 0)
        #expect(host.registry.rooms.isEmpty)
        (host, backend) = try Self.start(store)
        #expect(host.registry.rooms.isEmpty && backend.hibernated[code] != nil, "a start loads no hibernated room")
        #expect(!backend.waitForRoom(code, path: "/rooms/\(code)/results.json", request: HTTPRequestID(rawValue: 1)))
        #expect(host.registry.rooms[code]?.results() == before)
        // Woken, it is an ordinary room again: a restart now restores it with the others.
        (host, backend) = try Self.start(store)
        #expect(host.registry.rooms[code]?.results() == before && backend.hibernated.isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func aSleepingRoomClosesOnTimeEvenAcrossARestart(kind: StoreKind) throws {
        let store = kind.make()
        defer { Self.remove(store) }
        var (host, backend) = try Self.start(store)
        let closesAt = "2026-11-29T12:00:00Z"   // two hours after server time 0
        let code = try Self.votedAndLeft(host, backend, CreateRoom(name: "Ann", deck: "movies", closesAt: closesAt))
        host.driver.letIdleRoomsGo(at: host.now, idleFor: 0)
        #expect(host.registry.rooms.isEmpty && host.driver.timers.roomTimers[code] == 7_200_000)
        // The server stops and starts again at 13:00, an hour past the close.
        (host, backend) = try Self.start(store, wallClockAtZero: Self.wall + 3 * 3_600_000)
        #expect(host.registry.rooms.isEmpty && host.driver.timers.roomTimers[code] == host.now, "due at once")
        for due in host.driver.timers.takeDueRooms(at: host.now) { host.driver.apply(backend.timerDue(due, at: host.now), in: due) }
        let room = try #require(host.registry.rooms[code], "woken for its close")
        #expect(room.phase == .finished && room.results().winner != nil && room.results().decidedBy == .onlyMatch)
    }

    @Test(arguments: StoreKind.allCases) func aSleepingRoomIsForgottenOnTime(kind: StoreKind) throws {
        let store = kind.make()
        defer { Self.remove(store) }
        let (host, backend) = try Self.start(store)
        let code = try Self.votedAndLeft(host, backend, CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        host.driver.letIdleRoomsGo(at: host.now, idleFor: 0)
        #expect(backend.evictHibernated(at: host.now + host.rules.abandonedRoomTimeout - 1).isEmpty)
        #expect(backend.evictHibernated(at: host.now + host.rules.abandonedRoomTimeout) == [code])
    }

    /// A room only its creator joined, without a closing time, does not sleep: it stays in memory
    /// until `--unjoined-room-timeout` (not the abandoned rooms' 30 minutes asleep), and its address
    /// may still give it up to make way for a new one.
    @Test(arguments: StoreKind.allCases) func aRoomOnlyItsCreatorJoinedStaysAwakeUntilTheUnjoinedTimeout(kind: StoreKind) throws {
        let store = kind.make()
        defer { Self.remove(store) }
        let (host, backend) = try Self.start(store)
        let creator = RoomSession(id: ConnectionID(1), address: "198.51.100.4")
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies", pacing: .free), pictures: [:], for: creator, at: host.now)
        let code = try #require(host.registry.rooms.keys.first)
        host.disconnect("m1", in: code)
        let left = host.now
        #expect(backend.idleSince(code) == nil, "never idle enough to sleep")
        host.driver.letIdleRoomsGo(at: host.now + 90_000, idleFor: 0)
        #expect(host.registry.rooms[code] != nil && backend.hibernated[code] == nil, "awake past --hibernate-after")
        #expect(backend.makeWayForCreate(among: [code], from: creator.address), "its address may still give it up")
        // Made again, it is forgotten at the unjoined timeout, from memory.
        backend.createRoom(CreateRoom(name: "Ann", deck: "movies", pacing: .free), pictures: [:], for: creator, at: host.now)
        let again = try #require(host.registry.rooms.keys.first)
        host.now = left
        host.disconnect("m1", in: again)
        host.now = left + host.rules.unjoinedRoomTimeout
        host.driver.timers.evictionCheck = host.now
        backend.serviceTurn(at: host.now)
        #expect(host.registry.rooms[again] == nil && backend.hibernated[again] == nil)
    }
}
