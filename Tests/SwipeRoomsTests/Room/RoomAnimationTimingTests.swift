import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Every animation the room sends starts `animationLead` ms after the decision, so it reaches each
/// screen before it starts and every screen starts it together.
@Suite struct RoomAnimationTimingTests {
    static func animations(_ h: RoomHarness, _ member: MemberID) -> [CardAnimation] {
        h.received(member, "animation").compactMap { if case let .animation(a) = $0 { a } else { nil } }
    }

    @Test(arguments: [0.0, 80, 250])
    func aLockstepResolutionIsScheduledTheLeadAhead(lead: ServerTime) {
        var limits = RegistryLimits()
        limits.animationLead = lead
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep), limits: limits)
        h.join("Bo")
        h.send("m1", .host(HostCommand(command: .start)))
        h.now = 4_000
        h.swipe("m1", "dune", .right)
        h.swipe("m2", "dune", .right)
        let sent = Self.animations(h, "m2")
        #expect(sent.map(\.kind) == [.flyOff, .reflow, .reflow, .appear])
        #expect(sent.allSatisfy { $0.startAt == 4_000 + lead }, "\(sent.map(\.startAt))")
    }

    @Test func aKeptDragSnapsBackOnOtherScreensAtTheScheduledMoment() {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .free))
        h.join("Bo")
        h.now = 1_000
        h.send("m2", .drag(DragUpdate(card: "dune", phase: .began, x: 0, y: 0, t: 0)))
        h.send("m2", .drag(DragUpdate(card: "dune", phase: .ended, x: 30, y: 0, t: 1)))
        let snap = Self.animations(h, "m1").first { $0.kind == .snapBack }
        #expect(snap?.startAt == 1_000 + RoomSettings.defaultAnimationLead)
    }
}
