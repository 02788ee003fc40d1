import Testing
@testable import SwipeRedisStore

@Suite struct LimitScriptsTests {
    static func strings(_ words: [String]) -> RedisValue { .array(words.map { .string(Array($0.utf8)) }) }

    @Test(arguments: [
        (strings(["3.000", "0.500"]), [3.0, 0.5]),
        (strings([]), []),
        (strings(["x"]), nil),
        (.error("NOSCRIPT"), nil),
        (nil, nil),
    ] as [(RedisValue?, [Double]?)])
    func readsTheFailedLookupAnswer(reply: RedisValue?, ages: [Double]?) {
        #expect(LimitScripts.ages(from: reply) == ages)
    }

    @Test(arguments: [
        (strings(["ok"]), true),
        (.array([.string(Array("full".utf8)), .integer(20)]), false),
        (.error("ERR"), nil),
        (nil, nil),
    ] as [(RedisValue?, Bool?)])
    func readsTheRoomAdmission(reply: RedisValue?, admitted: Bool?) {
        #expect(LimitScripts.admitted(reply) == admitted)
    }

    @Test func sharedRecordsShareAHashTagPerID() {
        #expect(ClusterKeys.record(space: "failures", id: "10.0.0.7") == "swipedeck:failures:{10.0.0.7}")
        #expect(ClusterKeys.record(space: "rooms", id: "::1") == "swipedeck:rooms:{::1}")
        #expect(RedisRoomLog.name(.inRoom("K7QM-X4TD-9R", "u-1")) == "swipedeck:room:{K7QM-X4TD-9R}:records")
    }
}
