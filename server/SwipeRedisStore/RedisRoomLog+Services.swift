// What the nodes share through Redis beside the rooms' streams: the closing-time list (a sorted
// set by closing time), the per-address limits (failed room-code lookups, rooms created), one-time
// claims (`SET NX`) and webhook events kept until delivered (a hash of payloads and a sorted set by
// when another node may take one over). Service thread only (Redis answers inside the libev
// loop's turn); touches this log's link.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension RedisRoomLog {
    // MARK: closing times

    /// A room goes on the list in the append script, with its `created` entry (`AppendOptions.closesAt`).
    package func unlistClosing(_ code: RoomCode) {
        link?.send(["ZREM", ClusterKeys.closing, code.rawValue])
    }

    package func dueClosings(at time: ServerTime, limit: Int, then: @escaping ([RoomCode]) -> Void) {
        guard let link, outage == nil else { return then([]) }
        link.send(["ZRANGEBYSCORE", ClusterKeys.closing, "-inf", String(format: "%.0f", time), "LIMIT", "0", String(limit)]) { reply in
            guard case let .array(items)? = reply else { return then([]) }
            then(items.compactMap { $0.text.map { RoomCode($0) } })
        }
    }

    // MARK: limits

    /// Counted in Redis against `--max-rooms-per-address` over every node (open rooms: not closed,
    /// with an entry in the last `abandonedAfter`).
    package func admitRoom(_ code: RoomCode, for address: String, cap: Int, abandonedAfter: ServerTime, at time: ServerTime,
                           then: @escaping (Bool?) -> Void) {
        guard let link, outage == nil else { return then(nil) }
        let arguments = ["EVAL", LimitScripts.admitRoom, "1", ClusterKeys.rooms(address), String(format: "%.3f", time), String(cap),
                         code.rawValue, String(abandonedAfter), ClusterKeys.roomPrefix, String(configuration.roomLifetimeSeconds)]
        link.send(arguments) { reply in then(LimitScripts.admitted(reply)) }
    }

    package func countFailedLookup(from address: String, at time: ServerTime, window: ServerTime, limit: Int,
                                   then: @escaping ([ServerTime]?) -> Void) {
        guard let link, outage == nil else { return then(nil) }
        failuresRecorded += 1
        let arguments = ["EVAL", LimitScripts.failedLookup, "1", ClusterKeys.failures(address), String(format: "%.3f", time),
                         String(window), String(limit), "\(node):\(failuresRecorded)", ClusterKeys.limits, address]
        link.send(arguments) { [unowned self] reply in
            let ages = LimitScripts.ages(from: reply)
            if ages == nil, reply != nil { logger.warning("the shared failed-lookup count for \(address) could not be read: \(String(describing: reply))") }
            then(ages)
        }
    }

    /// Sets `key` once over every node (`SET NX`, kept 30 days): true to the one node that set it.
    package func claimOnce(_ key: String, then: @escaping (Bool) -> Void) {
        guard let link, outage == nil else { then(false); return }
        link.send(["SET", ClusterKeys.once(key), node, "NX", "EX", String(30 * 86_400)]) { reply in
            then(reply?.text == "OK")
        }
    }

    // MARK: webhook events

    package func keepWebhook(_ key: String, payload: [UInt8], dueAt: Double) {
        link?.send(["HSET", ClusterKeys.webhookPayloads, key, String(decoding: payload, as: UTF8.self)])
        link?.send(["ZADD", ClusterKeys.webhooks, String(format: "%.3f", dueAt + configuration.webhookTakeoverSeconds), key])
    }

    package func settleWebhook(_ key: String) {
        link?.send(["ZREM", ClusterKeys.webhooks, key])
        link?.send(["HDEL", ClusterKeys.webhookPayloads, key])
    }

    /// The script moves each taken event's time on before answering, so two nodes never take the same one.
    package func takeOverWebhooks(at time: ServerTime, then: @escaping ([[UInt8]]) -> Void) {
        guard let link, outage == nil else { return }
        let now = time / 1000   // the wall clock in a cluster, in seconds
        link.send(["EVAL", Self.takeOverScript, "2", ClusterKeys.webhooks, ClusterKeys.webhookPayloads,
                   String(format: "%.3f", now), String(format: "%.3f", now + configuration.webhookTakeoverSeconds), "10"]) { reply in
            guard case let .array(items)? = reply else { return }
            then(items.compactMap { $0.text.map { Array($0.utf8) } })
        }
    }

    /// KEYS[1] the sorted set, KEYS[2] the payloads; ARGV now, the new time, how many at most.
    static let takeOverScript = """
        local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
        local taken = {}
        for _, key in ipairs(due) do
          local payload = redis.call('HGET', KEYS[2], key)
          if payload then
            redis.call('ZADD', KEYS[1], ARGV[2], key)
            table.insert(taken, payload)
          else
            redis.call('ZREM', KEYS[1], key)
          end
        end
        return taken
        """
}
