import SwipeBackend
import SwipeCore
import SwipeMemoryStore
import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeRoomDriver

/// The shared-log backend on the real driver, two nodes over one in-memory shared store
/// (`SharedHarness`): what a cluster does with its rooms (order through the log, apply in offset
/// order, ride out the store going away, close on time with nobody online) with no Redis at all.
/// Redis runs the same backend in the cluster's end-to-end tests.
@Suite struct SharedLogBackendTests {
    static func accepted(_ messages: [ServerMessage]) -> Int {
        messages.filter { if case let .voteAccepted(ack) = $0 { !ack.undone } else { false } }.count
    }

    /// Ann on node a, Bo on node b, in a started free-paced room.
    static func twoMembers(_ cluster: SharedHarness, _ request: CreateRoom = CreateRoom(name: "Ann", deck: "movies", pacing: .free)) throws
        -> (code: RoomCode, ann: RoomSession, bo: RoomSession) {
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        let (code, ann) = try cluster.create(request, on: a)
        let bo = try cluster.join(code, as: "Bo", on: b, connection: 7)
        try cluster.send(.host(HostCommand(command: .start)), from: ann, on: a)
        cluster.deliver()
        return (code, ann, bo)
    }

    @Test func aVoteIsAcknowledgedAndAppliedOnEveryNodeOnlyOnceTheLogHasIt() throws {
        let cluster = try SharedHarness()
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        let (code, _, bo) = try Self.twoMembers(cluster)
        let entries = try #require(cluster.cluster.logs[code]).entries.count
        let card = try #require(b.rooms[code]?.cards.first?.id)
        try cluster.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)), from: bo, on: b)
        #expect(Self.accepted(b.sent(to: bo)) == 0, "not acknowledged before the log has it")
        #expect(cluster.cluster.logs[code]?.entries.count == entries)
        cluster.deliver()
        #expect(cluster.cluster.logs[code]?.entries.count == entries + 1)
        #expect(Self.accepted(b.sent(to: bo)) == 1)
        let results = try #require(b.rooms[code]).results()
        #expect(a.rooms[code]?.results() == results, "node a applied the same entry")
        #expect(results.ranking.first { $0.card == card }?.likes == 1)
    }

    /// A publication lost on its way to node b: b's next entry comes with a gap, which b reads
    /// from the log before it applies anything past it.
    @Test func anEntryAfterAGapWaitsUntilTheGapIsReadFromTheLog() throws {
        let cluster = try SharedHarness()
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        let (code, ann, bo) = try Self.twoMembers(cluster)
        let cards = try #require(a.rooms[code]?.cards.map(\.id))
        cluster.cluster.losePublications = true
        try cluster.send(.swipe(SwipeVote(card: cards[0], direction: .right, seq: 1)), from: ann, on: a)
        cluster.deliver()
        cluster.cluster.losePublications = false
        #expect(b.rooms[code]?.results().ranking.first { $0.card == cards[0] }?.likes == 0, "b missed Ann's vote")
        try cluster.send(.swipe(SwipeVote(card: cards[0], direction: .right, seq: 1)), from: bo, on: b)
        cluster.deliver()
        #expect(b.rooms[code]?.results() == a.rooms[code]?.results(), "b read the gap, then applied its own vote after it")
        #expect(b.rooms[code]?.results().ranking.first { $0.card == cards[0] }?.likes == 2)
        #expect(Self.accepted(b.sent(to: bo)) == 1)
    }

    /// The store goes away: every node closes its connections (1013, the clients come back) and
    /// drops its rooms; once it is back, a room is loaded again with what the log kept.
    @Test func theStoreGoingAwayIsRiddenOutAndTheLogIsWhatCounts() throws {
        let cluster = try SharedHarness()
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        let (code, ann, _) = try Self.twoMembers(cluster)
        let card = try #require(a.rooms[code]?.cards.first?.id)
        try cluster.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)), from: ann, on: a)
        cluster.deliver()
        let before = try #require(a.rooms[code]).results()
        try cluster.send(.swipe(SwipeVote(card: try #require(a.rooms[code]?.cards[1].id), direction: .left, seq: 2)), from: ann, on: a)
        cluster.cluster.goDown("killed")   // with that vote on its way
        for node in [a, b] {
            #expect(node.edges.calls.contains("close all"))
            #expect(node.rooms.isEmpty && node.backend.unavailable != nil)
        }
        #expect(a.sent(to: ann).contains { if case let .error(error) = $0 { error.retryAfter != nil } else { false } },
                "the vote on its way was refused, to be sent again")
        cluster.cluster.comeUp()
        cluster.deliver()
        #expect(b.backend.unavailable == nil)
        var found: [Bool] = []
        b.backend.findRoom(code) { found.append($0) }
        cluster.deliver()
        #expect(found == [true] && b.rooms[code]?.results() == before, "loaded from the log: the acknowledged vote, not the refused one")
    }

    /// Both nodes hold a room whose closing time has come: each one's timer is due, but only the
    /// first `timerFired` is appended (the other expected an offset the log has moved past), and
    /// both nodes end with the same one decision.
    @Test func twoNodesWhoseTimersAreDueCloseTheRoomOnce() throws {
        let cluster = try SharedHarness()
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        let request = CreateRoom(name: "Ann", deck: "movies", closesAt: "2026-11-29T12:00:00Z")
        let (code, ann, bo) = try Self.twoMembers(cluster, request)
        let card = try #require(a.rooms[code]?.cards.first?.id)
        try cluster.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)), from: ann, on: a)
        try cluster.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)), from: bo, on: b)
        cluster.deliver()
        cluster.now = SharedHarness.wall + 2 * 3_600_000
        cluster.turn()
        cluster.turn()
        let timers = try #require(cluster.cluster.logs[code]).entries.filter { $0.entry.kind == .timerFired }
        #expect(timers.count == 1, "closed once")
        let results = try #require(a.rooms[code]).results()
        #expect(a.rooms[code]?.phase == .finished && results.winner == card)
        #expect(b.rooms[code]?.results() == results)
    }

    /// Everyone voted and left, and node a let the room go from its memory: at its closing time
    /// node b, which never held it, finds it on the shared list, loads it and closes it.
    @Test func aRoomWithNobodyOnlineClosesOnTimeOnANodeThatNeverHeldIt() throws {
        let cluster = try SharedHarness()
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        let (code, ann) = try cluster.create(CreateRoom(name: "Ann", deck: "movies", closesAt: "2026-11-29T12:00:00Z"), on: a)
        try cluster.send(.host(HostCommand(command: .start)), from: ann, on: a)
        let card = try #require(a.rooms[code]?.cards.first?.id)
        try cluster.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)), from: ann, on: a)
        cluster.deliver()
        a.driver.sessionClosed(ann, grace: 0, shuttingDown: false)
        cluster.deliver()
        a.backend.letGo([code], at: cluster.now)
        #expect(a.rooms.isEmpty && b.rooms.isEmpty, "nobody holds it")
        cluster.now = SharedHarness.wall + 2 * 3_600_000 + 1_000
        cluster.turn()   // b finds it due and loads it; its timer is due at once
        cluster.turn()   // the timer fires: the close, appended once
        let room = try #require(b.rooms[code], "loaded by the node that looked")
        #expect(room.phase == .finished && room.results().winner == card)
        #expect(cluster.cluster.logs[code]?.entries.last?.entry.kind == .timerFired)
        cluster.turn()
        #expect(cluster.cluster.logs[code]?.entries.filter { $0.entry.kind == .timerFired }.count == 1)
    }
    /// The store fails over right after it took a room's first entry, before anything else the
    /// creating node sent reached it: the room is on the closing list all the same (it went on with
    /// that entry, in the same step), so with nobody online it is closed on time.
    @Test func aRoomIsListedWithItsFirstEntrySoAFailoverRightAfterItCannotLoseItsClose() throws {
        let cluster = try SharedHarness()
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        let ann = a.connect(1)
        _ = a.driver.beginEntry(ann)
        a.backend.createRoom(CreateRoom(name: "Ann", deck: "movies", closesAt: "2026-11-29T12:00:00Z"), pictures: [:], for: ann, at: cluster.now)
        while cluster.cluster.logs.isEmpty, cluster.cluster.pending > 0 { cluster.cluster.deliverOne() }
        let code = try #require(cluster.cluster.logs.keys.first, "the store took the room's first entry")
        cluster.cluster.goDown("the primary failed over")   // what was on its way after that entry is lost
        cluster.cluster.comeUp()
        cluster.deliver()
        #expect(a.rooms.isEmpty && b.rooms.isEmpty, "every node dropped its rooms in the outage: nobody holds it")
        cluster.now = SharedHarness.wall + 2 * 3_600_000 + 1_000
        cluster.turn()   // a node finds it due on the list and loads it
        cluster.turn()   // its timer fires: the close
        let timers = try #require(cluster.cluster.logs[code]).entries.filter { $0.entry.kind == .timerFired }
        #expect(timers.count == 1, "closed once, on time, with nobody online")
        #expect([a, b].contains { $0.rooms[code]?.phase == .finished })
    }
}
