import Testing
@testable import SwipeServer

@Suite struct JoinGuardTests {
    @Test func anAddressIsBlockedAfterItsFailuresUntilTheyAge() {
        var joins = JoinGuard(maxFailures: 2, window: 60_000)
        joins.recordFailure(from: "10.0.0.7", at: 0)
        let afterOne = joins.isBlocked("10.0.0.7", at: 1)
        joins.recordFailure(from: "10.0.0.7", at: 30_000)
        let afterTwo = joins.isBlocked("10.0.0.7", at: 30_001)
        let otherAddress = joins.isBlocked("10.0.0.8", at: 30_001)
        let afterAging = joins.isBlocked("10.0.0.7", at: 60_000)   // the first failure left the window
        #expect([afterOne, afterTwo, otherAddress, afterAging] == [false, true, false, false])
    }
}

@Suite struct JoinGuardRetryTests {
    @Test func aBlockedAddressIsToldWhenItsOldestCountedFailureLeavesTheWindow() {
        var joins = JoinGuard(maxFailures: 2, window: 60_000)
        joins.recordFailure(from: "10.0.0.7", at: 0)
        joins.recordFailure(from: "10.0.0.7", at: 10_000)
        #expect(joins.retryAfter("10.0.0.7", at: 20_000) == 40)
        #expect(joins.retryAfter("10.0.0.7", at: 59_999.5) == 1)
        #expect(joins.retryAfter("10.0.0.7", at: 60_000) == nil)
        #expect(joins.retryAfter("10.0.0.8", at: 20_000) == nil)
    }
}

/// Past its failed lookups an address is slowed, not shut out: each connection may look a code up
/// once per `pace`, counted from its opening or its previous lookup.
@Suite struct JoinGuardPaceTests {
    /// (failures recorded at 0, the connection's last try, now, the wait in seconds or nil)
    static let cases: [(Int, Double, Double, Double?)] = [
        (1, 9_900, 10_000, nil),       // within its failures: never slowed
        (2, 9_900, 10_000, 5),         // past them: 4.9 s to go, rounded up
        (2, 5_000, 10_000, nil),       // its turn has come
        (2, 9_999.5, 10_000, 5),
        (2, 5_500, 10_000, 1),         // 0.5 s to go: at least 1
        (2, 9_900, 60_000, nil),       // the failures left the window
    ]

    @Test(arguments: cases)
    func eachConnectionTakesItsTurn(_ failures: Int, _ lastTry: Double, _ now: Double, _ wait: Double?) {
        var joins = JoinGuard(maxFailures: 2, window: 60_000, pace: 5_000)
        for _ in 0..<failures { joins.recordFailure(from: "10.0.0.7", at: 0) }
        #expect(joins.waitBeforeLookup(from: "10.0.0.7", lastTry: lastTry, at: now) == wait)
        #expect(joins.waitBeforeLookup(from: "10.0.0.8", lastTry: lastTry, at: now) == nil, "another address")
    }
}

/// What the cluster counted for an address replaces this node's count when it is larger.
@Suite struct JoinGuardAdoptTests {
    /// (failures counted here, ages the cluster answered, blocked after?)
    @Test(arguments: [
        (0, [50_000.0, 10_000, 1], true),     // other nodes' failures: slowed here too
        (0, [50_000.0, 10_000], false),       // two of three
        (0, [70_000.0, 10_000, 1], false),    // one is older than the window
        (3, [1.0], true),                     // fewer than counted here: kept
    ] as [(Int, [Double], Bool)])
    func adoptsTheClustersCount(local: Int, ages: [Double], blocked: Bool) {
        var guard_ = JoinGuard(maxFailures: 3, window: 60_000, pace: 5_000)
        for i in 0..<local { guard_.recordFailure(from: "10.0.0.7", at: 100_000 + Double(i)) }
        guard_.adopt(failureAges: ages, for: "10.0.0.7", at: 100_010)
        let blockedHere = guard_.isBlocked("10.0.0.7", at: 100_010), other = guard_.isBlocked("10.0.0.8", at: 100_010)
        #expect(blockedHere == blocked)
        #expect(!other)
    }
}
