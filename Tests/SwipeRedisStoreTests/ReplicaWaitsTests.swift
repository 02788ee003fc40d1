import Testing
@testable import SwipeRedisStore

@Suite struct ReplicaWaitsTests {
    @Test func oneWaitAtATimeCoversWhatWasAnsweredBeforeIt() {
        var waits = ReplicaWaits<Int>(replicas: 1, bound: 500)
        #expect(waits.isNeeded)
        #expect(waits.command == ["WAIT", "1", "500"])
        let sends = [waits.add(1), waits.add(2), waits.add(3)]
        #expect(sends == [true, false, false])
        let first = waits.answered(.integer(2))
        #expect(first.covered == [1] && first.failure == nil && first.sendNext)
        #expect(waits.inFlight == [2, 3])
        let second = waits.answered(.integer(1))
        #expect(second.covered == [2, 3] && second.failure == nil && !second.sendNext)
        let again = waits.add(4)
        #expect(again)
    }

    /// What the WAIT answered, and whether the appends it covered are confirmed (nil) or why not.
    @Test(arguments: [
        (2, RedisValue.integer(2), nil),
        (2, .integer(3), nil),
        (2, .integer(1), "no replica of the store confirmed it within 500 ms (1 of the 2 --store-replicas asks for)"),
        (1, .integer(0), "no replica of the store confirmed it within 500 ms (0 of the 1 --store-replicas asks for)"),
        (1, .error("ERR WAIT cannot be used with replica instances"), "the store refused WAIT: ERR WAIT cannot be used with replica instances"),
        (1, nil, "the store went away before a replica confirmed it"),
    ] as [(Int, RedisValue?, String?)])
    func confirmsOnlyWithEnoughReplicas(replicas: Int, reply: RedisValue?, failure: String?) {
        var waits = ReplicaWaits<Int>(replicas: replicas, bound: 500)
        _ = waits.add(7)
        let answer = waits.answered(reply)
        #expect(answer.covered == [7])
        #expect(answer.failure == failure)
    }

    @Test func noReplicasAskedForWaitsForNothing() {
        #expect(!ReplicaWaits<Int>(replicas: 0, bound: 500).isNeeded)
    }
}
