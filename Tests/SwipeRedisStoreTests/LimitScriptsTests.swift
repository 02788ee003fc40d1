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
        ("10.0.0.7\n30000.000 2.500", "10.0.0.7", [30_000, 2.5]),
        ("::1\n1.000", "::1", [1]),
        ("10.0.0.7\n", nil, nil),
        ("\n1.000", nil, nil),
        ("10.0.0.7 1.000", nil, nil),
    ] as [(String, String?, [Double]?)])
    func readsAPublishedSlowedAddress(payload: String, address: String?, ages: [Double]?) {
        let read = LimitScripts.slowed(Array(payload.utf8))
        #expect(read?.address == address)
        #expect(read?.ages == ages)
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

    @Test func addressKeysShareAHashTagPerAddress() {
        #expect(ClusterKeys.failures("10.0.0.7") == "swipedeck:address:{10.0.0.7}:failures")
        #expect(ClusterKeys.rooms("::1") == "swipedeck:address:{::1}:rooms")
    }
}
