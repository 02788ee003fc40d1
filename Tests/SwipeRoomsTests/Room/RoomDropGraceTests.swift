import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// A member whose connection drops mid-card (no goodbye) still counts as a lockstep voter for the
/// drop grace, so the group does not decide without them while they reconnect; someone who
/// leaves on purpose is gone at once. Ann (m1), Bo (m2) and Cy (m3); Bo's connection drops.
@Suite struct RoomDropGraceTests {
    static let grace: ServerTime = 15_000

    func resolved(_ h: RoomHarness, _ member: MemberID = "m1") -> CardResolved? {
        if case let .cardResolved(resolved)? = h.received(member, "cardResolved").last { resolved } else { nil }
    }

    /// Table: Bo's connection ends with this grace (0: a close 1000) → whether Ann's and Cy's
    /// votes decide the card at once, and the `eligible` of the tally they see.
    @Test(arguments: [(ServerTime(0), true, 2), (grace, false, 3)])
    func whetherTheOthersDecideAtOnce(grace: ServerTime, decidedAtOnce: Bool, eligible: Int) {
        var h = RoomLockstepTests.started()
        h.disconnect("m2", grace: grace)
        #expect(h.received("m1", "memberOffline").count == 1, "Bo is shown offline at once either way")
        h.swipe("m1", "dune", .right)
        h.swipe("m3", "dune", .right)
        #expect((h.room?.currentIndex == 1) == decidedAtOnce)
        let tally = decidedAtOnce ? resolved(h)?.tally : RoomEligibilityTests.tallies(h, "m3").last
        #expect(tally?.eligible == eligible)
    }

    @Test func theCardIsDecidedWithoutThemWhenTheGraceEnds() {
        var h = RoomLockstepTests.started()
        h.disconnect("m2", grace: Self.grace)
        #expect(h.effects.contains(.scheduleTimer(at: Self.grace)), "the room asks to wake at the grace's end: \(h.effects)")
        h.swipe("m1", "dune", .right)
        h.swipe("m3", "dune", .left)
        h.fireTimer(at: Self.grace - 1)
        #expect(h.room?.currentIndex == 0)
        h.fireTimer(at: Self.grace)
        #expect(resolved(h)?.tally == Tally(card: "dune", likes: 1, nopes: 1, voted: 2, eligible: 2))
        #expect(h.room?.currentIndex == 1)
        #expect(h.room?.graceDeadline == nil)
        #expect(h.log.filter { $0 == .memberOffline(member: "m2") }.count == 1, "logged gone when the grace ended, not before")
    }

    @Test func aMemberWhoReconnectsWithinTheGraceVotesAndTheCardWaitedForThem() {
        var h = RoomLockstepTests.started()
        let bo = h.room?.members.first { $0.id == "m2" }?.token
        h.disconnect("m2", grace: Self.grace)
        h.swipe("m1", "dune", .right)
        h.swipe("m3", "dune", .right)
        h.now = 2_000
        h.join("Bo", token: bo)
        #expect(h.received("m1", "memberOnline").count == 1)
        #expect(h.room?.members.contains(where: \.awaitingReturn) == false)
        h.swipe("m2", "dune", .left)
        #expect(resolved(h)?.tally == Tally(card: "dune", likes: 2, nopes: 1, voted: 3, eligible: 3))
        h.fireTimer(at: Self.grace)
        #expect(h.room?.currentIndex == 1, "the grace's wake-up finds nothing more to do")
    }

    @Test func aVoteCastBeforeTheDropCountsAndTheCardNeedsNobodyElse() {
        var h = RoomLockstepTests.started()
        h.swipe("m2", "dune", .right)
        h.disconnect("m2", grace: Self.grace)
        h.swipe("m1", "dune", .right)
        h.swipe("m3", "dune", .right)
        #expect(resolved(h)?.tally == Tally(card: "dune", likes: 3, voted: 3, eligible: 3))
    }

    /// The server restarts while Bo is away: from the log alone, or from a checkpoint, he is one of
    /// those online when it went down, so the restart grace waits for him again.
    @Test(arguments: [false, true])
    func aRestartDuringTheGraceWaitsForThemAgain(fromCheckpoint: Bool) throws {
        var h = RoomLockstepTests.started()
        h.disconnect("m2", grace: Self.grace)
        h.swipe("m1", "dune", .right)
        h.swipe("m3", "dune", .right)
        let live = try #require(h.room)
        var registry = RoomRegistry(library: .bundled())
        if fromCheckpoint {
            _ = try registry.restore(checkpoints: [live.checkpoint], tail: [], at: 1_000)
        } else {
            _ = try registry.restore(from: h.log.map { LogRecord(at: 0, room: h.code, event: $0) }, at: 1_000)
        }
        let room = try #require(registry.room(h.code))
        #expect(room.currentIndex == 0, "the card was decided without Bo by the restart")
        #expect(room.members.first { $0.id == "m2" }?.awaitingReturn == true)
    }

    /// A second drop extends the wait for both: the room has one grace deadline.
    @Test func aSecondDropWaitsForBothUntilTheLaterGraceEnds() {
        var h = RoomLockstepTests.started()
        h.disconnect("m2", grace: Self.grace)
        h.now = 10_000
        h.disconnect("m3", grace: Self.grace)
        h.swipe("m1", "dune", .right)
        #expect(h.room?.graceDeadline == 25_000)
        h.fireTimer(at: Self.grace)
        #expect(h.room?.currentIndex == 0)
        h.fireTimer(at: 25_000)
        #expect(resolved(h)?.tally == Tally(card: "dune", likes: 1, voted: 1, eligible: 1))
    }

    /// Only voters are waited for, and only in lockstep while cards are voted on.
    @Test func aSpectatorsDropHoldsNothing() throws {
        var h = RoomLockstepTests.started()
        let joined = h.join("Dee", role: .spectator)
        let watcher = try #require(joined)
        h.disconnect(watcher, grace: Self.grace)
        #expect(h.room?.graceDeadline == nil)
        #expect(h.room?.members.contains(where: \.awaitingReturn) == false)
    }

    /// Free pacing counts every voter online or not: a drop changes no tally, grace or not.
    @Test func freePacingTalliesIgnoreTheGrace() {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .free))
        h.join("Bo")
        h.send("m1", .host(HostCommand(command: .start)))
        let before = h.room?.tally(of: "dune")
        h.disconnect("m2", grace: Self.grace)
        #expect(h.room?.tally(of: "dune") == before)
        #expect(h.room?.checkInvariants() == [])
    }
}
