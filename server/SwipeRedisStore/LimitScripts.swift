import SwipeBackend
import SwipeProtocol

/// The Lua scripts that make a cluster share its per-address limits in Redis: one call per failed
/// room-code lookup (`failedLookup`) and one per created room (`admitRoom`); votes cost nothing.
/// Keys are per client address (`ClusterKeys.failures`, `ClusterKeys.rooms`).
///
/// ```swift
/// let ages = LimitScripts.ages(from: .array([.string(Array("12.000".utf8))]))   // [12]
/// ```
public enum LimitScripts {
    /// KEYS[1]: the address's failed lookups (a sorted set: member → time). ARGV: now (ms), the
    /// window (ms), the limit, a member unique to this failure, the channel to tell other nodes on,
    /// the address. Forgets failures older than the window, adds this one, keeps the newest `limit`
    /// and answers their ages (ms, oldest first). At the limit it publishes `ADDRESS\nAGE AGE …`
    /// so every node slows the address at once.
    public static let failedLookup = """
        local key = KEYS[1]
        local now = tonumber(ARGV[1])
        local window = tonumber(ARGV[2])
        local limit = tonumber(ARGV[3])
        redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
        redis.call('ZADD', key, now, ARGV[4])
        local count = redis.call('ZCARD', key)
        if count > limit then redis.call('ZREMRANGEBYRANK', key, 0, count - limit - 1) end
        redis.call('PEXPIRE', key, math.ceil(window))
        local times = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
        local ages = {}
        for i = 2, #times, 2 do ages[#ages + 1] = string.format('%.3f', now - tonumber(times[i])) end
        if count >= limit and ARGV[5] ~= '' then
          redis.call('PUBLISH', ARGV[5], ARGV[6] .. '\\n' .. table.concat(ages, ' '))
        end
        return ages
        """

    /// KEYS[1]: the rooms the address created (a sorted set: code → time admitted). ARGV: now (ms),
    /// the cap, the new room's code, how long a room without an entry counts as abandoned (ms),
    /// the prefix of room keys (`swipedeck:room:{`), the set's lifetime (s). Forgets rooms that
    /// are closed, abandoned, or were never created (no meta 10 s after admission); answers
    /// `{'full', open}` at the cap, else adds the code and answers `{'ok', open + 1}`. (It reads
    /// the rooms' meta keys: one Redis, not a Redis Cluster, where they live on other shards.)
    public static let admitRoom = """
        local key = KEYS[1]
        local now = tonumber(ARGV[1])
        local cap = tonumber(ARGV[2])
        local idle = tonumber(ARGV[4])
        local codes = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
        local open = 0
        for i = 1, #codes, 2 do
          local code, since = codes[i], tonumber(codes[i + 1])
          local meta = redis.call('HMGET', ARGV[5] .. code .. '}:meta', 'closed', 'at')
          local gone
          if meta[2] then gone = meta[1] == '1' or now - tonumber(meta[2]) > idle else gone = now - since > 10000 end
          if gone then redis.call('ZREM', key, code) else open = open + 1 end
        end
        if open >= cap then return {'full', open} end
        redis.call('ZADD', key, now, ARGV[3])
        redis.call('EXPIRE', key, tonumber(ARGV[6]))
        return {'ok', open + 1}
        """

    /// The ages (ms) in `failedLookup`'s answer, or nil when it is not one.
    ///
    /// ```swift
    /// LimitScripts.ages(from: .array([.string(Array("1.5".utf8))]))   // [1.5]
    /// ```
    public static func ages(from reply: RedisValue?) -> [Double]? {
        guard case let .array(items)? = reply else { return nil }
        let ages = items.compactMap { $0.text.flatMap(Double.init) }
        return ages.count == items.count ? ages : nil
    }

    /// A `failedLookup` publication: the address and its failures' ages (ms), or nil.
    ///
    /// ```swift
    /// LimitScripts.slowed(Array("10.0.0.7\\n3.000 1.000".utf8))   // ("10.0.0.7", [3, 1])
    /// ```
    public static func slowed(_ payload: [UInt8]) -> (address: String, ages: [Double])? {
        let text = String(decoding: payload, as: UTF8.self)
        guard let newline = text.firstIndex(of: "\n") else { return nil }
        let address = String(text[..<newline])
        let words = text[text.index(after: newline)...].split(separator: " ")
        let ages = words.compactMap { Double($0) }
        guard !address.isEmpty, ages.count == words.count, !ages.isEmpty else { return nil }
        return (address, ages)
    }

    /// Whether `admitRoom` let the room in (nil: no readable answer).
    ///
    /// ```swift
    /// LimitScripts.admitted(.array([.string(Array("full".utf8)), .integer(20)]))   // false
    /// ```
    public static func admitted(_ reply: RedisValue?) -> Bool? {
        switch reply?[0]?.text {
        case "ok": true
        case "full": false
        default: nil
        }
    }
}
