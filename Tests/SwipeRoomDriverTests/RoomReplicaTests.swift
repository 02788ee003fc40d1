import SwipeBackend
import SwipeCore
import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeRoomDriver

/// Three nodes apply one room's stream: each computes the same room and the same effects; only who
/// carries out a bind or a reply differs (the node whose connection it is).
@Suite struct RoomReplicaTests {
    static let nodes = ["n1#a", "n2#b", "n3#c"]
    static let code: RoomCode = "K7QM-X4TD-9R"

    /// One node: its registry, its copy of the stream position, and every effect it computed.
    struct Node {
        let instance: String
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        var replica = RoomReplica(code: RoomReplicaTests.code)
        var effects: [[RoomEffect]] = []

        mutating func apply(_ entry: ClusterEntry, offset: Int, at: ServerTime) {
            effects.append(registry.apply(entry, offset: offset, at: at, to: &replica, local: instance))
        }
    }

    static func created(pacing: Pacing = .lockstep) throws -> ClusterEntry {
        let registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        var room = try registry.resolve(CreateRoom(name: "Ann", deck: "movies", pacing: pacing), at: 0).get()
        room.code = code
        return .created(node: nodes[0], connection: 1, room: room, token: "tAnn")
    }

    static func session() throws -> [ClusterEntry] {
        [
            try created(),
            .connected(node: nodes[1], connection: 1, join: JoinRoom(room: code, name: "Bo"), token: "tBo"),
            .connected(node: nodes[2], connection: 1, join: JoinRoom(room: code, name: "Cy"), token: "tCy"),
            .message(node: nodes[0], member: "m1", .host(HostCommand(command: .start))),
            .message(node: nodes[1], member: "m2", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1))),
            .disconnected(node: nodes[1], connection: 99, member: "m2"),   // not Bo's connection: ignored
            .message(node: nodes[2], member: "m3", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1))),
            .message(node: nodes[0], member: "m1", .swipe(SwipeVote(card: "dune", direction: .left, seq: 1))),
            .nodeLost(node: nodes[0], lost: nodes[2], grace: 60_000),
            .connected(node: nodes[0], connection: 2, join: JoinRoom(room: code, name: "Cy", token: "tCy"), token: "unused"),
            .message(node: nodes[0], member: "m3", .swipe(SwipeVote(card: "amelie", direction: .up, seq: 2))),
            .message(node: nodes[0], member: "m3", .swipe(SwipeVote(card: "amelie", direction: .up, seq: 2))),   // a resend
        ]
    }

    static func run(_ entries: [ClusterEntry]) -> [Node] {
        var nodes = Self.nodes.map { Node(instance: $0) }
        for (index, entry) in entries.enumerated() {
            for node in nodes.indices { nodes[node].apply(entry, offset: index + 1, at: Double(index) * 100) }
        }
        return nodes
    }

    /// Effects with every connection replaced by `.elsewhere` (what must agree across nodes).
    static func normalized(_ effects: [RoomEffect]) -> [RoomEffect] {
        effects.map { effect in
            switch effect {
            case let .bind(_, member): .bind(.elsewhere, member)
            case let .reply(message, _): .reply(message, to: .elsewhere)
            case .send, .broadcast, .broadcastToProtocol1, .close, .scheduleTimer, .cancelTimer, .append: effect
            }
        }
    }

    @Test func everyNodeComputesTheSameRoomAndTheSameEffects() throws {
        let nodes = Self.run(try Self.session())
        let rooms = nodes.map { $0.registry.rooms[Self.code] }
        #expect(rooms.allSatisfy { $0 != nil })
        for node in nodes.dropFirst() {
            #expect(node.registry.rooms[Self.code]?.results() == rooms[0]?.results())
            #expect(node.registry.rooms[Self.code]?.snapshotTallies == rooms[0]?.snapshotTallies)
            #expect(node.replica.bindings == nodes[0].replica.bindings)
            #expect(node.replica.applied == 12)
            for (step, effects) in node.effects.enumerated() {
                #expect(Self.normalized(effects) == Self.normalized(nodes[0].effects[step]), "entry \(step + 1) on \(node.instance)")
            }
        }
        #expect(rooms[0]?.currentIndex == 1, "dune resolved by the three votes")
    }

    @Test func onlyTheNodeWhoseConnectionItIsBindsIt() throws {
        let nodes = Self.run(try Self.session())
        // Entry 2: Bo joined on n2's connection 1.
        for node in nodes {
            let binds = node.effects[1].compactMap { effect -> ConnectionID? in if case let .bind(c, _) = effect { c } else { nil } }
            #expect(binds == [node.instance == Self.nodes[1] ? ConnectionID(1) : .elsewhere], "\(node.instance)")
        }
        #expect(nodes[0].replica.bindings["m2"] == ClusterBinding(node: Self.nodes[1], connection: 1))
        #expect(nodes[0].replica.remoteNodes(local: Self.nodes[0]) == [Self.nodes[1]], "Cy moved to n1; n3 is gone")
    }

    @Test func aDisconnectOfAnEarlierConnectionChangesNothing() throws {
        let nodes = Self.run(try Self.session())
        #expect(nodes[0].effects[5].isEmpty)
        #expect(nodes[0].registry.rooms[Self.code]?.members.first { $0.id == "m2" }?.online == true)
    }

    @Test func aLostNodesMembersGoOfflineButStillCountUntilTheGraceEnds() throws {
        var entries = Array(try Self.session().prefix(8))
        entries.append(.message(node: Self.nodes[0], member: "m1", .swipe(SwipeVote(card: "amelie", direction: .right, seq: 2))))
        entries.append(.nodeLost(node: Self.nodes[0], lost: Self.nodes[2], grace: 60_000))
        var nodes = Self.run(entries)
        let lost = nodes[1].effects[9]
        #expect(lost.contains(.broadcast(.memberOffline(MemberRef(member: "m3")), except: "m3")))
        #expect(nodes[1].registry.rooms[Self.code]?.currentTally?.eligible == 3, "Cy still counts while she reconnects")
        #expect(lost.contains(.scheduleTimer(at: 900 + 60_000)))
        // Bo votes: Cy has not, so amelie waits; the grace ends: Cy counts as gone and amelie resolves.
        let vote = ClusterEntry.message(node: Self.nodes[1], member: "m2", .swipe(SwipeVote(card: "amelie", direction: .right, seq: 2)))
        for node in nodes.indices { nodes[node].apply(vote, offset: 11, at: 1000) }
        #expect(nodes[1].registry.rooms[Self.code]?.currentIndex == 1)
        for node in nodes.indices { nodes[node].apply(.timerFired(node: Self.nodes[0]), offset: 12, at: 61_000) }
        #expect(nodes[1].registry.rooms[Self.code]?.currentIndex == 2)
        #expect(nodes.allSatisfy { $0.registry.rooms[Self.code]?.currentIndex == 2 })
    }

    /// Bo's connection on n2 drops (no goodbye): every node keeps him as a voter for the entry's grace.
    @Test func aDroppedConnectionsGraceTravelsWithItsEntry() throws {
        var entries = Array(try Self.session().prefix(5))
        entries.append(.disconnected(node: Self.nodes[1], connection: 1, member: "m2", grace: 15_000))
        entries.append(.message(node: Self.nodes[2], member: "m3", .swipe(SwipeVote(card: "dune", direction: .right, seq: 1))))
        entries.append(.message(node: Self.nodes[0], member: "m1", .swipe(SwipeVote(card: "dune", direction: .left, seq: 1))))
        let nodes = Self.run(entries)
        #expect(try ClusterEntry(decoding: entries[5].encoded()).grace == 15_000)
        for node in nodes {
            let room = node.registry.rooms[Self.code]
            #expect(room?.members.first { $0.id == "m2" }?.online == false, "\(node.instance)")
            #expect(room?.graceDeadline == ServerTime(500 + 15_000), "\(node.instance)")
        }
        #expect(nodes.allSatisfy { $0.registry.rooms[Self.code]?.currentIndex == 1 }, "Bo had voted: all three votes are in")
        let leaving = Self.run(Array(entries.prefix(3)) + [.message(node: Self.nodes[0], member: "m1", .host(HostCommand(command: .start))),
                                                          .disconnected(node: Self.nodes[1], connection: 1, member: "m2")])
        #expect(leaving[0].registry.rooms[Self.code]?.graceDeadline == nil, "no grace in the entry: Bo left")
    }

    @Test func aResendOfAnAppliedSeqIsAcknowledgedNotCountedAgain() throws {
        let nodes = Self.run(try Self.session())
        let resend = nodes[0].effects[11]
        #expect(resend.count == 1)
        guard case let .send(.voteAccepted(ack), to: "m3")? = resend.first else {
            Issue.record("expected the acknowledgement again, got \(resend)"); return
        }
        #expect(ack.seq == 2 && ack.card == "amelie")
    }

    @Test func entriesSurviveTheirStoredForm() throws {
        for entry in try Self.session() {
            #expect(try ClusterEntry(decoding: entry.encoded()) == entry)
        }
        #expect(throws: (any Error).self) { try ClusterEntry(decoding: Array("{\"kind\":\"nope\"}".utf8)) }
    }
}

extension Room {
    /// Every card's tally as the room computes it now (to compare rooms).
    var snapshotTallies: [Tally] { cards.map { tally(of: $0.id) } }
}
