import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// A room whose host is gone is handed to the longest-present online member, so nobody is stuck
/// in a lobby that only the host could start. Ann (m1) is the host, Bo (m2) and Cy (m3) members.
@Suite struct RoomHostHandoverTests {
    static let grace: ServerTime = 15_000

    static func lobby(pacing: Pacing = .lockstep) -> RoomHarness {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: pacing))
        h.join("Bo")
        h.join("Cy")
        return h
    }

    func role(_ h: RoomHarness, _ member: MemberID) -> Role? { h.room?.members.first { $0.id == member }?.role }

    func toldRoles(_ h: RoomHarness, to member: MemberID) -> [MemberID: Role] {
        var roles: [MemberID: Role] = [:]
        for case let .memberUpdated(info) in h.inbox[member] ?? [] { roles[info.id] = info.role }
        return roles
    }

    @Test func aHostWhoLeavesHandsTheRoomToTheLongestPresentMemberWhoCanStartIt() {
        var h = Self.lobby()
        h.disconnect("m1")
        #expect(role(h, "m1") == .member)
        #expect(role(h, "m2") == .host)
        #expect(role(h, "m3") == .member)
        #expect(toldRoles(h, to: "m3") == ["m1": .member, "m2": .host], "everyone online is told both changes")
        #expect(h.log.last == .hostChanged(from: "m1", to: "m2"))
        h.send("m2", .host(HostCommand(command: .start)))
        #expect(h.room?.phase == .voting)
        #expect(h.room?.checkInvariants() == [])
    }

    /// Table: the grace the host's connection ended with, and whether they come back within it.
    @Test(arguments: [(ServerTime(0), false, true), (grace, false, false), (grace, true, false)])
    func aDroppedHostKeepsTheRoleWhileExpectedBack(grace: ServerTime, comesBack: Bool, handedOverAtOnce: Bool) {
        var h = Self.lobby()
        let ann = h.room?.members.first { $0.id == "m1" }?.token
        h.disconnect("m1", grace: grace)
        #expect((role(h, "m2") == .host) == handedOverAtOnce)
        guard !handedOverAtOnce else { return }
        if comesBack {
            h.now = 2_000
            h.join("Ann", token: ann)
        }
        h.fireTimer(at: grace)
        #expect(role(h, "m1") == (comesBack ? .host : .member))
        #expect(role(h, "m2") == (comesBack ? .member : .host))
    }

    @Test func aSpectatorNeverBecomesHost() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep))
        h.join("Dee", role: .spectator)
        h.disconnect("m1")
        #expect(role(h, "m2") == .spectator)
        #expect(role(h, "m1") == .host, "nobody may take over yet")
        h.join("Bo")
        #expect(role(h, "m3") == .host, "the first member to arrive takes over")
        #expect(toldRoles(h, to: "m3")["m3"] == .host, "Bo learns it after his welcome")
    }

    @Test func withNobodyOnlineTheFirstMemberBackTakesOver() {
        var h = Self.lobby()
        let cy = h.room?.members.first { $0.id == "m3" }?.token
        h.disconnect("m2")
        h.disconnect("m3")
        h.disconnect("m1")
        #expect(role(h, "m1") == .host)
        h.join("Cy", token: cy)
        #expect(role(h, "m3") == .host)
    }

    @Test func theOldHostComesBackAsAMember() {
        var h = Self.lobby()
        let ann = h.room?.members.first { $0.id == "m1" }?.token
        h.disconnect("m1")
        h.join("Ann", token: ann)
        #expect(h.welcome("m1")?.room.members.first { $0.id == "m1" }?.role == .member)
        h.send("m1", .host(HostCommand(command: .start)))
        #expect(h.lastError("m1")?.code == .notHost)
    }

    @Test func aRestoredRoomHasTheHostItHadBeforeTheRestart() throws {
        var h = Self.lobby()
        h.disconnect("m1")
        var registry = RoomRegistry(library: .bundled())
        _ = try registry.restore(from: h.log.map { LogRecord(at: 0, room: h.code, event: $0) }, at: 1_000)
        let roles = try #require(registry.room(h.code)).members.map(\.role)
        #expect(roles == [.member, .host, .member])
    }

    /// Free pacing has no card to wait on, but its host is expected back for the grace too.
    @Test func aFreeRoomsDroppedHostKeepsTheRoleForTheGrace() {
        var h = Self.lobby(pacing: .free)
        h.disconnect("m1", grace: Self.grace)
        #expect(role(h, "m1") == .host)
        h.fireTimer(at: Self.grace)
        #expect(role(h, "m2") == .host)
    }
}
