import Testing
@testable import SwipeServer
import SwipeRooms

@Suite struct HeapTrimPolicyTests {
    /// Connections opened or closed at a time (ms), and what `isDue` answers at another.
    enum Step { case open(Int, at: ServerTime), close(peak: Int, at: ServerTime), due(at: ServerTime, Bool) }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let steps: [Step]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a few connections never trim", steps: [.open(63, at: 0), .due(at: 2_000, false), .due(at: 60_000, false)]),
        Case(name: "churn trims once it settles, then waits for more",
             steps: [.open(64, at: 0), .due(at: 999, false), .due(at: 1_000, true), .due(at: 10_000, false)]),
        Case(name: "closes count as churn",
             steps: [.open(32, at: 0)] + Array(repeating: .close(peak: 10, at: 0), count: 32) + [.due(at: 1_000, true)]),
        Case(name: "steady churn trims once per spacing",
             steps: [.open(64, at: 0), .due(at: 0, false), .open(64, at: 4_999), .due(at: 4_999, false), .due(at: 5_000, true),
                     .open(64, at: 9_000), .due(at: 9_000, false), .open(64, at: 13_999), .due(at: 13_999, false),
                     .due(at: 14_000, true)]),
        Case(name: "a stalled reader's queue trims at once",
             steps: [.close(peak: 1 << 20, at: 0), .due(at: 0, true), .due(at: 1, false)]),
        Case(name: "a queue just under the bound does not", steps: [.close(peak: (1 << 20) - 1, at: 0), .due(at: 5_000, false)]),
    ]

    @Test func nextCheckIsWhenChurnSettlesOrTheSpacingEnds() {
        var policy = HeapTrimPolicy()
        policy.opened(at: 0)
        #expect(policy.nextCheck == nil)   // one connection is not churn
        for _ in 0..<63 { policy.opened(at: 200) }
        #expect(policy.nextCheck == 1_200)
        policy.opened(at: 4_600)
        #expect(policy.nextCheck == 5_000)   // steady churn: the spacing from the first change ends first
        let due = policy.isDue(at: 5_000)
        #expect(due)
        #expect(policy.nextCheck == nil)
        policy.closed(peakQueuedBytes: 1 << 20, at: 6_000)
        #expect(policy.nextCheck == 6_000)
    }

    @Test(arguments: cases)
    func trimsAfterChurnOrALargeQueue(_ table: Case) {
        var policy = HeapTrimPolicy()
        for (index, step) in table.steps.enumerated() {
            switch step {
            case let .open(count, at): for _ in 0..<count { policy.opened(at: at) }
            case let .close(peak, at): policy.closed(peakQueuedBytes: peak, at: at)
            case let .due(at, expected): #expect(policy.isDue(at: at) == expected, "step \(index)")
            }
        }
    }
}
