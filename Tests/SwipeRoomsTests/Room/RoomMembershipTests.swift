import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

@Suite struct RoomMembershipTests {
    @Test func aLateJoinerGetsTheWholeRoom() throws {
        var h = RoomLockstepTests.started(rule: .majority)
        for member: MemberID in ["m1", "m2", "m3"] { h.swipe(member, "dune", .right) }
        h.swipe("m2", "amelie", .left)
        let joined = h.join("Dee")
        let late = try #require(joined)
        let welcome = try #require(h.welcome(late))
        #expect(welcome.you == late)
        #expect(welcome.room.phase == .voting)
        #expect(welcome.room.members.map(\.name) == ["Ann", "Bo", "Cy", "Dee"])
        #expect(welcome.room.members[1].votedCurrent)
        #expect(welcome.room.visible.map(\.id) == ["amelie", "alien", "up"])
        #expect(welcome.room.matches == ["dune"])
        #expect(welcome.room.tallies == [Tally(card: "amelie", nopes: 1, voted: 1, eligible: 4)])
        #expect(h.received("m1", "memberJoined").last == .memberJoined(MemberInfo(id: late, name: "Dee", role: .member, online: true)))
    }

    @Test func aResumeTokenGivesBackIdentityAndVotes() throws {
        var h = RoomLockstepTests.started()
        h.swipe("m2", "dune", .up)
        let token = try #require(h.welcome("m2")?.token)
        h.disconnect("m2")
        #expect(h.received("m1", "memberOffline").count == 1)
        let back = h.join("whoever", token: token)
        #expect(back == "m2")
        let welcome = try #require(h.welcome("m2"))
        #expect(welcome.room.myVotes == ["dune": .superLike])
        #expect(welcome.room.members.first { $0.id == "m2" }?.name == "Bo")
        #expect(h.received("m3", "memberOnline") == [.memberOnline(MemberRef(member: "m2"))])
    }

    @Test func aWrongTokenOrRoomOrNameIsRefused() {
        var h = RoomLockstepTests.started()
        _ = h.join("Bo", token: "not-a-token")
        #expect(h.lastReply == .error(ProtocolError(.badToken, "join: the resume token is not valid in room \(h.code)")))
        _ = h.join("\u{1B}\u{07}\u{7F} ")
        guard case let .error(error)? = h.lastReply else { Issue.record("no refusal"); return }
        #expect(error.code == .badField)
        #expect(h.join("Eve", role: .host) == nil)
    }

    /// The refusal names the message that was sent: `create`, not `join`.
    @Test func anEmptyNameInCreateIsRefusedAsCreate() {
        var registry = RoomRegistry(library: .bundled())
        let result = registry.create(CreateRoom(name: "\u{1B} ", deck: "movies"), from: ConnectionID(1), at: 0)
        #expect(result.effects == [.reply(.error(ProtocolError(.badField, "create: field \"name\" is empty (after removing control characters)")),
                                          to: ConnectionID(1))])
    }

    @Test func controlCharactersAreStrippedFromNames() throws {
        var h = RoomLockstepTests.started()
        let joined = h.join("Ev\u{1B}[2Je\u{7F}\n")
        let id = try #require(joined)
        #expect(h.welcome(id)?.room.members.last?.name == "Eve")
    }

    @Test func dragsAreRelayedToOthersAtMostThirtyPerSecond() {
        var h = RoomLockstepTests.started()
        var relayed = 0
        for t in stride(from: 0.0, through: 100, by: 10) {
            h.now = t
            h.send("m1", .drag(DragUpdate(card: "dune", phase: t == 0 ? .began : .changed, x: t, y: 0, t: t)))
            relayed = h.received("m2", "cardState").count
        }
        // began at 0, then changed at 10, 50 and 90 (≥ 33.3 ms apart): 4 of 11.
        #expect(relayed == 4)
        #expect(h.received("m1", "cardState").isEmpty)
        guard case let .cardState(state)? = h.received("m3", "cardState").last else { Issue.record("no state"); return }
        #expect(state.member == "m1")
        #expect(state.x == 90)
        #expect(state.rotation > 0)
        #expect(state.direction == .right)
        h.send("m1", .drag(DragUpdate(card: "dune", phase: .ended, x: 10, y: 0, t: 120)))
        #expect(h.received("m2", "animation").contains { if case let .animation(a) = $0 { a.kind == .snapBack } else { false } })
    }

    @Test func theHostCanCloseTheRoom() {
        var h = RoomLockstepTests.started()
        h.send("m1", .host(HostCommand(command: .close)))
        #expect(h.registry.rooms.isEmpty)
        #expect(h.closed.count == 3)
    }
}
