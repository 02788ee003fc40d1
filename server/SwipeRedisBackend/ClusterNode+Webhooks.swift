// Webhook events in the cluster's store: the node that sends an event keeps a copy in Redis until
// a 2xx (a hash of payloads, and a sorted set scored by when another node may take the event over);
// on its heartbeat any node takes over, atomically, the events whose owner let that time pass (it
// died, or lost its link), and sends them with the same Idempotency-Key. Service thread only;
// reaches the server through its RoomHost (`webhookTakenOver`).
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension ClusterNode {
    /// Keeps (or refreshes) an event this node sends.
    func keepWebhook(_ key: String, payload: [UInt8], dueAt: Double) {
        link.send(["HSET", ClusterKeys.webhookPayloads, key, String(decoding: payload, as: UTF8.self)])
        link.send(["ZADD", ClusterKeys.webhooks, String(format: "%.3f", dueAt + configuration.webhookTakeoverSeconds), key])
    }

    /// Delivered or given up: no node sends it again.
    func settleWebhook(_ key: String) {
        link.send(["ZREM", ClusterKeys.webhooks, key])
        link.send(["HDEL", ClusterKeys.webhookPayloads, key])
    }

    /// On the heartbeat: the events whose owner let their time pass are this node's now (the script
    /// moves each one's time on before answering, so two nodes never take the same one).
    func takeOverWebhooks() {
        let now = host.now / 1000   // the wall clock in a cluster, in seconds
        link.send(["EVAL", Self.takeOverScript, "2", ClusterKeys.webhooks, ClusterKeys.webhookPayloads,
                   String(format: "%.3f", now), String(format: "%.3f", now + configuration.webhookTakeoverSeconds), "10"]) { [unowned self] reply in
            guard case let .array(items)? = reply else { return }
            for item in items {
                guard let text = item.text else { continue }
                host.logger.notice("webhook taken over from a node that did not deliver it in time")
                host.server.webhookTakenOver(Array(text.utf8))
            }
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
