import Logging
import SwipeBackend
import SwipeCore
import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeRoomDriver

/// The room driver with no shell, socket or store: a recording transport and server, and a
/// backend that records what it is asked and hands back what the test set. What every store's
/// rooms go through (that records are kept before the driver sees them: `LocalBackendTests`).
@Suite struct RoomDriverTests {
    static func driver() -> (RoomDriver, RecordingEdges, RecordingStore) {
        let rules = RoomRules(restartGrace: 120_000, maxRoomsPerAddress: 20, failedLookups: 20, failedLookupWindow: 60_000,
                              unjoinedRoomTimeout: 120_000)
        let driver = RoomDriver(registry: RoomRegistry(library: .bundled(), random: SeededRandom(seed: 7)), rules: rules,
                                logger: Logger(label: "test"), sshJoin: "ssh -p 2222 swipe@example.org", clock: { 1_000 })
        let edges = RecordingEdges()
        let store = RecordingStore()
        driver.connect(transport: edges, events: edges) { _ in store }
        return (driver, edges, store)
    }

    @Test func aRoomClosedByItsHostIsTheStoresToForget() {
        let (driver, edges, store) = Self.driver()
        defer { withExtendedLifetime(edges) {} }   // the driver holds it unowned(unsafe)
        driver.apply([.append(LogRecord(at: 0, room: "CCCC-CCCC-CC", event: .phaseChanged(phase: .closed)))], in: "CCCC-CCCC-CC")
        #expect(store.calls == ["closed CCCC-CCCC-CC"], "the driver commits nothing: what reaches it is kept already")
        #expect(edges.calls.contains("forgotten CCCC-CCCC-CC"))
    }

    /// What the store hands back for a member's message is carried out, in one direction: the
    /// driver asks the store, then delivers; it never asks the store again for the same input.
    /// Nothing handed back (a shared log orders it later): nothing is carried out, nothing changes.
    @Test(arguments: [true, false])
    func whatTheStoreHandsBackForAnInputIsCarriedOut(handsBack: Bool) throws {
        let (driver, edges, store) = Self.driver()
        defer { withExtendedLifetime(edges) {} }
        let room = try #require(driver.registry.create(CreateRoom(name: "Ann", deck: "movies"), from: ConnectionID(1), at: 0).room)
        store.answers = handsBack ? [.scheduleTimer(at: 5_000)] : []
        edges.calls = []
        driver.roomInput(.ping(Ping(t: 1)), from: "m1", of: RoomSession(id: ConnectionID(1), address: "x"), in: room, at: 0)
        #expect(store.calls == ["input ping"])
        #expect((driver.timers.roomTimers[room] == 5_000) == handsBack)
        #expect(edges.calls.contains("deadlines") == handsBack, "an empty answer is not carried out at all")
    }

    /// A create binds its connection and welcomes it, fitted to the connection: the version it
    /// chose and the gateway's line; the room's broadcasts then reach its members here.
    @Test func aBoundMemberIsSentTheRoomsMessagesFittedToTheirConnection() throws {
        let (driver, edges, _) = Self.driver()
        defer { withExtendedLifetime(edges) {} }   // the driver holds it unowned(unsafe)
        let host = RoomSession(id: ConnectionID(1), address: "198.51.100.4")
        host.protocolVersion = 3
        edges.sessions[host.id] = host
        let result = driver.registry.create(CreateRoom(name: "Ann", deck: "movies"), from: host.id, at: 0)
        let code = try #require(result.room)
        driver.apply(result.effects, in: code)
        #expect(host.room == code)
        let member = try #require(host.member)
        #expect(driver.membersOnline[code]?[member] === host)
        let welcomes = edges.sent.compactMap { if case let .welcome(welcome) = $0.0 { welcome } else { nil } }
        #expect(welcomes.map(\.`protocol`) == [3])
        #expect(welcomes.first?.sshJoin == "ssh -p 2222 swipe@example.org")
        edges.sent = []
        driver.apply([.broadcast(.memberOffline(MemberRef(member: member)), except: nil)], in: code)
        #expect(edges.sent.map(\.1) == [host.id])
        #expect(edges.calls.last == "deadlines")
    }

    /// A member's connection that closes is the store's to hear of (with its grace), but not
    /// during a shutdown, and not when another connection of theirs took over.
    @Test(arguments: [false, true])
    func aClosedConnectionTakesItsMemberOffline(shuttingDown: Bool) throws {
        let (driver, edges, store) = Self.driver()
        defer { withExtendedLifetime(edges) {} }   // the driver holds it unowned(unsafe)
        let host = RoomSession(id: ConnectionID(1), address: "198.51.100.4")
        edges.sessions[host.id] = host
        let result = driver.registry.create(CreateRoom(name: "Ann", deck: "movies"), from: host.id, at: 0)
        let code = try #require(result.room)
        driver.apply(result.effects, in: code)
        store.calls = []
        driver.sessionClosed(host, grace: 15_000, shuttingDown: shuttingDown)
        #expect(driver.hasMembersHere(in: code) == false)
        #expect(store.calls == (shuttingDown ? [] : ["disconnected \(host.member?.rawValue ?? "") 15000.0"]))
        // A connection that is no member's is nobody's to take offline.
        driver.sessionClosed(RoomSession(id: ConnectionID(2), address: "198.51.100.4"), grace: 0, shuttingDown: false)
        #expect(store.calls.count == (shuttingDown ? 0 : 1))
    }

    @Test func dueTimersGoToTheStoreThenItsTurn() {
        let (driver, edges, store) = Self.driver()
        defer { withExtendedLifetime(edges) {} }
        driver.timers.setRoomTimer("AAAA-AAAA-AA", at: 0)
        driver.timers.setRoomTimer("BBBB-BBBB-BB", at: 60_000)
        driver.serviceTurn(at: 1_000)
        #expect(store.calls == ["timer AAAA-AAAA-AA", "turn"])
    }

    /// A create or join is on its way once per connection, and answered once: the entry ends, a
    /// wrong token counts as a failed lookup from the address, and a created room for its creator.
    @Test func anEntryIsAnsweredOnceAndCounted() throws {
        let (driver, edges, _) = Self.driver()
        defer { withExtendedLifetime(edges) {} }   // the driver holds it unowned(unsafe)
        let host = RoomSession(id: ConnectionID(1), address: "198.51.100.4")
        let guest = RoomSession(id: ConnectionID(2), address: "203.0.113.9")
        edges.sessions = [host.id: host, guest.id: guest]
        #expect(driver.beginEntry(host))
        #expect(!driver.beginEntry(host), "a second create or join while one is on its way")
        let created = driver.registry.create(CreateRoom(name: "Ann", deck: "movies"), from: host.id, at: 0)
        let code = try #require(created.room)
        driver.answerEntry(created.effects, in: code, for: host, created: true)
        #expect(!driver.isEntering(host))
        #expect(edges.calls.contains("created \(code)"))
        #expect(driver.beginEntry(guest))
        let guess = driver.registry.join(JoinRoom(room: code, name: "Bo", token: "not-the-token"), from: guest.id, at: 0)
        driver.answerEntry(guess.effects, in: guess.room, for: guest, created: false)
        #expect(!driver.isEntering(guest))
        #expect(edges.calls.contains("failed 203.0.113.9"))
        #expect(edges.calls.filter { $0.hasPrefix("created") }.count == 1, "a join is not a create")
    }

    /// An entry that ends without a room's answer tells its error, and a closed connection is no longer entering.
    @Test func anEntryEndsWithItsErrorOrWithItsConnection() {
        let (driver, edges, _) = Self.driver()
        defer { withExtendedLifetime(edges) {} }   // the driver holds it unowned(unsafe)
        let session = RoomSession(id: ConnectionID(3), address: "198.51.100.4")
        #expect(driver.beginEntry(session))
        driver.endEntry(session, telling: ProtocolError(.unknownRoom, "join: no room ZZZZ-ZZZZ-ZZ"))
        #expect(!driver.isEntering(session))
        #expect(edges.sent.contains { if case .error(let error) = $0.0 { error.code == .unknownRoom } else { false } })
        #expect(driver.beginEntry(session))
        driver.sessionClosed(session, grace: 0, shuttingDown: false)
        #expect(!driver.isEntering(session))
    }

    /// One rule for every store: a room nobody is connected to here goes once its store has seen it
    /// idle for `--hibernate-after` (60 s by default), at the driver's check; a room someone is
    /// connected to, or one its store must keep in memory, stays.
    @Test func idleRoomsGoAtTheCheckOnceTheirStoreSawThemIdleForLong() throws {
        let (driver, edges, store) = Self.driver()
        defer { withExtendedLifetime(edges) {} }   // the driver holds it unowned(unsafe)
        let host = RoomSession(id: ConnectionID(1), address: "198.51.100.4")
        edges.sessions[host.id] = host
        var codes: [RoomCode] = []
        for number in 1...3 {
            let result = driver.registry.create(CreateRoom(name: "Ann", deck: "movies"), from: ConnectionID(number), at: 0)
            let code = try #require(result.room)
            codes.append(code)
            if number == 1 { driver.apply(result.effects, in: code) }   // its creator is connected here
        }
        store.idle = [codes[0]: 0, codes[1]: 0]   // the third: its store keeps it in memory
        let check = try #require(driver.timers.hibernationCheck, "the first check is armed")
        #expect(check == 1_000 + RoomDriver.hibernationInterval(after: 60_000))
        store.calls = []
        driver.serviceTurn(at: 59_999)
        #expect(!store.calls.contains { $0.hasPrefix("let go") }, "not idle for a minute yet")
        driver.timers.hibernationCheck = 60_000
        driver.serviceTurn(at: 60_000)
        #expect(store.calls.last == "let go \(codes[1].rawValue)", "only the idle room nobody is in")
        #expect(driver.timers.hibernationCheck == 60_000 + RoomDriver.hibernationInterval(after: 60_000))
    }
}
