import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Who a lockstep card waits for: every voter who is online, still expected back after a restart,
/// or has already voted. Compared by who, not by how many.
@Suite struct RoomEligibilityTests {
    static func tallies(_ h: RoomHarness, _ member: MemberID) -> [Tally] {
        h.received(member, "tally").compactMap { if case let .tally(t) = $0 { t } else { nil } }
    }

    /// The case from the field: Bo votes and drops, Ann votes; Cy is online and has not voted.
    @Test func anOfflineVoteNeverStandsInForAnOnlineVoter() throws {
        var h = RoomLockstepTests.started()
        h.swipe("m2", "dune", .right)
        h.disconnect("m2")
        h.swipe("m1", "dune", .right)
        #expect(h.received("m3", "cardResolved").isEmpty)
        #expect(Self.tallies(h, "m3").last?.counts == Tally(card: "dune", likes: 2, voted: 2, eligible: 3))
        #expect(Self.tallies(h, "m3").last?.voter == "m1", "the tally says whose vote it follows")
        h.swipe("m3", "dune", .left)
        #expect(h.lastError("m3") == nil)
        guard case let .cardResolved(resolved)? = h.received("m3", "cardResolved").last else {
            Issue.record("Cy's vote did not resolve the card"); return
        }
        #expect(resolved.tally == Tally(card: "dune", likes: 2, nopes: 1, voted: 3, eligible: 3))
        #expect(resolved.outcome == .match)
    }

    @Test func someoneLeavingWithoutVotingLetsTheOthersDecideAndEveryoneSeesTheNewCount() {
        var h = RoomLockstepTests.started()
        h.swipe("m1", "dune", .right)
        h.disconnect("m3")
        #expect(Self.tallies(h, "m1").last == Tally(card: "dune", likes: 1, voted: 1, eligible: 2))
        h.swipe("m2", "dune", .left)
        #expect(h.room?.currentIndex == 1)
    }

    @Test func aMemberComingBackCountsAgain() {
        var h = RoomLockstepTests.started()
        let bo = h.room?.members.first { $0.id == "m2" }?.token
        h.disconnect("m2")
        h.swipe("m1", "dune", .right)
        h.join("Bo", token: bo)
        #expect(Self.tallies(h, "m1").last == Tally(card: "dune", likes: 1, voted: 1, eligible: 3))
        h.swipe("m3", "dune", .right)
        #expect(h.room?.currentIndex == 0, "Bo is back and has not voted")
    }

    /// Table: how a lockstep card was decided → the `eligible` its final tally reports.
    @Test(arguments: [("everyone", 3), ("quorum", 2), ("timer", 1)])
    func theFinalTallyNamesWhatTheRuleWasAppliedTo(decidedBy: String, eligible: Int) {
        var h = RoomLockstepTests.started(rule: .majority, timer: decidedBy == "timer" ? 10 : nil,
                                          quorum: decidedBy == "quorum" ? 2 : nil)
        h.swipe("m1", "dune", .right)
        switch decidedBy {
        case "everyone":
            h.swipe("m2", "dune", .right)
            h.swipe("m3", "dune", .left)
        case "quorum": h.swipe("m2", "dune", .left)
        default: h.fireTimer(at: 10_000)
        }
        guard case let .cardResolved(resolved)? = h.received("m2", "cardResolved").last else { Issue.record("unresolved"); return }
        #expect(resolved.tally.eligible == eligible)
        #expect(resolved.tally.voted <= resolved.tally.eligible)
    }

    // MARK: after a restart

    /// Ann and Bo voted, the server was killed and restarted; Ann and Bo resume, Cy never returns.
    static func restartedWithCyMissing(grace: ServerTime = 60_000, timer: Double? = nil) throws -> RoomHarness {
        var h = RoomLockstepTests.started(timer: timer)
        h.swipe("m1", "dune", .right)
        h.swipe("m2", "dune", .right)
        let tokens = (h.room?.members ?? []).map(\.token)
        var restarted = h
        restarted.registry = RoomRegistry(library: .bundled())
        restarted.inbox = [:]
        restarted.now = 1_000
        let report = try restarted.registry.restore(from: h.log.map { LogRecord(at: 0, room: h.code, event: $0) },
                                                    at: restarted.now, grace: grace)
        restarted.apply(report.effects[h.code] ?? [])
        restarted.join("Ann", token: tokens[0])
        restarted.join("Bo", token: tokens[1])
        return restarted
    }

    @Test func aRestartedCardWaitsForTheMissingVoterUntilTheGracePeriodEnds() throws {
        var h = try Self.restartedWithCyMissing()
        #expect(h.room?.graceDeadline == 61_000)
        #expect(h.room?.currentIndex == 0)
        #expect(h.welcome("m1")?.room.tallies == [Tally(card: "dune", likes: 2, voted: 2, eligible: 3)])
        h.fireTimer(at: 60_999)
        #expect(h.room?.currentIndex == 0)
        h.fireTimer(at: 61_000)
        guard case let .cardResolved(resolved)? = h.received("m1", "cardResolved").last else {
            Issue.record("the card never resolved after the grace period"); return
        }
        #expect(resolved.outcome == .match)
        #expect(resolved.tally == Tally(card: "dune", likes: 2, voted: 2, eligible: 2))
        #expect(h.room?.currentIndex == 1)
        #expect(h.log.suffix(2) == [.memberOffline(member: "m3"), .cardResolved(card: "dune", outcome: .match)],
                "Cy is logged gone, so a later restart does not wait for her again")
    }

    /// Bo had already left before the crash: he is not waited for, only those who were online are.
    @Test func someoneWhoHadLeftBeforeTheCrashIsNotWaitedFor() throws {
        var h = RoomLockstepTests.started()
        h.disconnect("m2")
        h.swipe("m1", "dune", .right)
        var registry = RoomRegistry(library: .bundled())
        let report = try registry.restore(from: h.log.map { LogRecord(at: 0, room: h.code, event: $0) }, at: 1_000)
        #expect(report.rooms == [h.code])
        let room = try #require(registry.room(h.code))
        #expect(room.tally(of: "dune") == Tally(card: "dune", likes: 1, voted: 1, eligible: 2), "Ann (voted) and Cy (was online)")
        #expect(room.members.filter(\.awaitingReturn).map(\.id) == ["m1", "m3"])
    }

    @Test func aRestartAsksForATimerAtTheGracePeriodsEnd() throws {
        let h = try Self.restartedWithCyMissing(grace: 5_000)
        var registry = RoomRegistry(library: .bundled())
        let report = try registry.restore(from: h.log.map { LogRecord(at: 0, room: h.code, event: $0) }, at: 200, grace: 5_000)
        #expect(report.effects[h.code] == [.scheduleTimer(at: 5_200)])
    }

    @Test func theMissingVoterCanStillVoteWithinTheGracePeriod() throws {
        var h = try Self.restartedWithCyMissing()
        let cy = h.room?.members.first { $0.id == "m3" }?.token
        h.join("Cy", token: cy)
        #expect(h.room?.currentIndex == 0)
        h.swipe("m3", "dune", .left)
        #expect(h.room?.currentIndex == 1)
        #expect(h.room?.graceDeadline == 61_000, "the grace timer may still fire; it then finds nothing to do")
        h.fireTimer(at: 61_000)
        #expect(h.room?.currentIndex == 1)
        #expect(h.room?.graceDeadline == nil)
    }

    /// A timed card restarts its clock; the grace period ending first keeps the deadline asked for.
    @Test func theGracePeriodAndACardTimerShareTheRoomsOneTimer() throws {
        var h = try Self.restartedWithCyMissing(grace: 5_000, timer: 30)
        #expect(h.room?.deadline == 31_000)
        h.swipe("m1", "dune", .left)   // nothing: Ann already voted
        h.fireTimer(at: 6_000)
        #expect(h.room?.currentIndex == 1, "Cy is gone: Ann and Bo decided")
        #expect(h.effects.contains(.scheduleTimer(at: 36_000)), "the next card's clock: \(h.effects)")
    }

    @Test func withNoGracePeriodTheRestartItselfDecidesWhatTheVotesCastDecide() throws {
        let h = try Self.restartedWithCyMissing(grace: 0)
        #expect(h.room?.graceDeadline == nil)
        #expect(h.room?.currentIndex == 1, "Ann and Bo voted and Cy counts as gone")
        #expect(h.log.contains(.cardResolved(card: "dune", outcome: .match)))
    }
}
