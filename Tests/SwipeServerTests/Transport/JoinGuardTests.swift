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
