import SwipeBackend
import SwipeCore
import SwipeMemoryStore
import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeRoomDriver

/// What the nodes share beside the rooms' logs, built by the driver on a store's generic records
/// and channel (`SharedLogBackend+Records.swift`), over two nodes of one in-memory shared store:
/// each rule seen from both nodes, and with the store away.
@Suite struct SharedLogBackendRecordsTests {
    static let tight = RoomRules(restartGrace: 120_000, maxRoomsPerAddress: 2, failedLookups: 3, failedLookupWindow: 60_000,
                                 unjoinedRoomTimeout: 120_000)

    @Test func exactlyOneNodeClaimsAKeyAndNoneWhileTheStoreIsAway() throws {
        let cluster = try SharedHarness()
        var mine: [Bool] = []
        for node in cluster.nodes { node.backend.claimOnce("webhook:R:decided") { mine.append($0) } }
        cluster.deliver()
        #expect(mine.count == 2 && mine.filter { $0 }.count == 1)
        cluster.cluster.goDown("killed")
        var whileAway: [Bool] = []
        cluster.nodes[0].backend.claimOnce("webhook:R2:decided") { whileAway.append($0) }
        cluster.deliver()
        #expect(whileAway == [false])
    }

    @Test func aNodeWhoseHeartbeatStopsIsToldGoneAndOneThatBeatsIsNot() throws {
        let cluster = try SharedHarness()
        cluster.turn()   // both beat
        let (a, b) = (cluster.nodes[0].backend!, cluster.nodes[1].backend!)
        var gone: [String: Bool] = [:]
        a.nodesGone(among: [b.instance, "n9#dead"]) { gone[$0] = $1 }
        cluster.deliver()
        #expect(gone == [b.instance: false, "n9#dead": true])
        cluster.now += NodeHeartbeat.lifetime + 1
        cluster.nodes[0].driver.serviceTurn(at: cluster.now)   // only a beats again
        cluster.deliver()
        a.nodesGone(among: [b.instance]) { gone[$0] = $1 }
        b.nodesGone(among: [a.instance]) { gone[$0] = $1 }
        cluster.deliver()
        #expect(gone[b.instance] == true && gone[a.instance] == false)
    }

    @Test func aWebhookEventIsTakenOverOnceItsSenderLetItsTimePassAndByOneNodeAtATime() throws {
        let cluster = try SharedHarness()
        let due = cluster.now / 1000
        cluster.nodes[0].backend.keepWebhook("R:decided", payload: Array("event".utf8), dueAt: due)
        cluster.deliver()
        func takenOver() -> Int { cluster.nodes.map { $0.edges.calls.filter { $0 == "took over event" }.count }.reduce(0, +) }
        cluster.now += 59_000
        cluster.turn()
        #expect(takenOver() == 0, "its sender still has time")
        cluster.now += 2_000
        cluster.turn()
        #expect(takenOver() == 1, "one node took it over")
        cluster.now += 1_000
        cluster.turn()
        #expect(takenOver() == 1, "held for the node that took it")
        cluster.nodes[1].backend.settleWebhook("R:decided")
        cluster.deliver()
        cluster.now += 120_000
        cluster.turn()
        #expect(takenOver() == 1, "settled: nobody takes it again")
    }

    @Test func failedLookupsCountOverEveryNodeAndAtTheLimitEveryNodeSlowsTheAddress() throws {
        let cluster = try SharedHarness(rules: Self.tight)
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        a.backend.failedLookupRecorded(from: "203.0.113.9", at: cluster.now)
        b.backend.failedLookupRecorded(from: "203.0.113.9", at: cluster.now)
        cluster.deliver()
        #expect(b.edges.calls.contains("slowed 203.0.113.9 2"), "b counts a's failure too")
        #expect(!a.edges.calls.contains("slowed 203.0.113.9 3"))
        b.backend.failedLookupRecorded(from: "203.0.113.9", at: cluster.now)
        cluster.deliver()
        #expect(a.edges.calls.contains("slowed 203.0.113.9 3"), "a is told at the limit, by the nodes' channel")
        cluster.now += 61_000
        a.backend.failedLookupRecorded(from: "203.0.113.9", at: cluster.now)
        cluster.deliver()
        #expect(a.edges.calls.last == "slowed 203.0.113.9 1", "the window forgot the old ones")
    }

    @Test func anAddressGetsItsCapOfOpenRoomsOverEveryNodeAndAClosedOneFreesItsPlace() throws {
        let cluster = try SharedHarness(rules: Self.tight)
        let (a, b) = (cluster.nodes[0], cluster.nodes[1])
        let (first, ann) = try cluster.create(CreateRoom(name: "Ann", deck: "movies"), on: a)
        _ = try cluster.create(CreateRoom(name: "Ann", deck: "movies"), on: b, connection: 2)
        let third = b.connect(3)
        _ = b.driver.beginEntry(third)
        b.backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: third, at: cluster.now)
        cluster.deliver()
        #expect(third.room == nil)
        #expect(b.sent(to: third).contains { if case let .error(error) = $0 { error.code == .tooManyRooms } else { false } })
        try cluster.send(.host(HostCommand(command: .close)), from: ann, on: a)
        cluster.deliver()
        #expect(cluster.cluster.logs[first]?.closed == true)
        let fourth = b.connect(4)
        _ = b.driver.beginEntry(fourth)
        b.backend.createRoom(CreateRoom(name: "Ann", deck: "movies"), pictures: [:], for: fourth, at: cluster.now)
        cluster.deliver()
        #expect(fourth.room != nil, "the closed room no longer counts")
    }

    @Test func aRoomsUploadsAreKeptWithItAndGoWhenItIsSealed() throws {
        let cluster = try SharedHarness()
        let store = cluster.nodes[0].store
        var answers: [SharedRecordAnswer?] = []
        store.records(.put(.inRoom("R1", "u-1"), [1, 2], lifetime: nil, onlyIfAbsent: false)) { answers.append($0) }
        store.records(.put(.inRoom("R1", "u-1"), [9], lifetime: nil, onlyIfAbsent: true)) { answers.append($0) }
        store.records(.get(.inRoom("R1", "u-1"))) { answers.append($0) }
        store.records(.get(.inRoom("R2", "u-1"))) { answers.append($0) }
        store.seal("R1")
        store.records(.has([.inRoom("R1", "u-1")])) { answers.append($0) }
        cluster.deliver()
        #expect(answers == [.done(true), .done(false), .value([1, 2]), .value(nil), .present([false])])
    }

    @Test func aValueLivesItsLifetimeAndADueMemberIsHeldForItsTaker() throws {
        let cluster = try SharedHarness()
        let store = cluster.nodes[0].store
        var answers: [SharedRecordAnswer?] = []
        store.records(.put(.shared("node", "x"), [1], lifetime: 3000, onlyIfAbsent: false)) { answers.append($0) }
        store.records(.schedule("late", on: .webhooks, at: cluster.now + 5000)) { answers.append($0) }
        store.records(.schedule("due", on: .webhooks, at: cluster.now)) { answers.append($0) }
        store.records(.takeDue(.webhooks, at: cluster.now, limit: 10, holdUntil: cluster.now + 60_000)) { answers.append($0) }
        store.records(.takeDue(.webhooks, at: cluster.now, limit: 10, holdUntil: nil)) { answers.append($0) }
        cluster.deliver()
        cluster.now += 3001
        store.records(.has([.shared("node", "x")])) { answers.append($0) }
        cluster.deliver()
        #expect(answers == [.done(true), .done(true), .done(true), .members(["due"]), .members([]), .present([false])])
    }
}
