import SwipeBackend
import SwipeProtocol

/// The Lua scripts behind the records whose change must be one step (`RedisRoomLog+Records`): a
/// window of events (`window`: a failed room-code lookup), an owner's rooms under a cap
/// (`admitRoom`: a created room), a schedule's due members held for the taker (`takeDue`); votes
/// cost nothing.
///
/// ```swift
/// let ages = LimitScripts.ages(from: .array([.string(Array("12.000".utf8))]))   // [12]
/// ```
public enum LimitScripts {
    /// KEYS[1]: the window (a sorted set: member → time). ARGV: now (ms), the window (ms), how
    /// many to keep, a member unique to this event. Forgets events older than the window, adds
    /// this one, keeps the newest, and answers their ages (ms, oldest first).
    public static let window = """
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
        return ages
        """

    /// KEYS[1]: a schedule (a sorted set: member → time, ms). ARGV: now, how many at most, the
    /// time to hold them until. Answers the due members, earliest first, each moved to that time
    /// in the same step, so two nodes never take the same one.
    public static let takeDue = """
        local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
        for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[3], member) end
        return due
        """

    /// KEYS[1]: the rooms an owner created (a sorted set: code → time admitted). ARGV: now (ms),
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

    /// The ages (ms) in `window`'s answer, or nil when it is not one.
    ///
    /// ```swift
    /// LimitScripts.ages(from: .array([.string(Array("1.5".utf8))]))   // [1.5]
    /// ```
    public static func ages(from reply: RedisValue?) -> [Double]? {
        guard case let .array(items)? = reply else { return nil }
        let ages = items.compactMap { $0.text.flatMap(Double.init) }
        return ages.count == items.count ? ages : nil
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
