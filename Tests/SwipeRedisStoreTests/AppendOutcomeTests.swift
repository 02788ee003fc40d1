import SwipeBackend
import SwipeProtocol
import Testing
@testable import SwipeRedisStore

@Suite struct AppendOutcomeTests {
    static func words(_ items: [Any]) -> RedisValue {
        .array(items.map { item in
            if let number = item as? Int { return .integer(number) }
            return .string(Array("\(item)".utf8))
        })
    }

    @Test func readsEveryAnswerOfTheScript() {
        let table: [(RedisValue?, AppendOutcome)] = [
            (Self.words(["ok", 12, "5120.500"]), .appended(offset: 12, at: 5120.5)),
            (Self.words(["seen", 9]), .seen(offset: 9)),
            (Self.words(["moved", 14]), .moved(last: 14)),
            (Self.words(["exists"]), .exists),
            (Self.words(["unknown"]), .unknown),
            (Self.words(["closed", 3]), .closed),
            (nil, .failed("no answer from the store")),
            (.error("NOSCRIPT No matching script"), .failed("NOSCRIPT No matching script")),
            (Self.words(["ok"]), .failed("the append script answered ok without an offset and time")),
        ]
        for (reply, expected) in table {
            #expect(AppendOutcome(reply: reply) == expected, "\(String(describing: reply))")
        }
    }

    @Test func theScriptKeepsEveryRoomKeyOnOneShard() {
        // Redis Cluster hashes only what is inside {…}: all of a room's keys and its channel share the code.
        let code: RoomCode = "K7QM-X4TD-9R"
        for key in [ClusterKeys.log(code), ClusterKeys.meta(code), ClusterKeys.seen(code), ClusterKeys.channel(code)] {
            #expect(key.contains("{K7QM-X4TD-9R}"), "\(key)")
        }
        #expect(ClusterKeys.room(ofChannel: ClusterKeys.channel(code)) == code)
        #expect(ClusterKeys.room(ofChannel: "other") == nil)
    }
}
