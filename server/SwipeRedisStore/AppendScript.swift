/// The Lua script that appends one entry to a room's stream atomically, and what it answered.
///
/// KEYS: the room's log, meta and seen keys, its records' hash (`ClusterKeys`; the
/// records' lifetime is refreshed with the others') and the closing
/// list. ARGV: mode (`create` or `append`), the proposed time (ms), the entry, an idempotency key
/// (or ""), an expected last offset (or ""), the room's channel, the keys' lifetime in seconds,
/// `1` to hold the entry back until a replica has it (`--store-replicas`: no PUBLISH;
/// `StreamScripts.confirm` publishes it after WAIT), the room's closing time in ms since 1970 (or
/// "") and its code: a `create` with a closing time ZADDs the room to the closing list in the same
/// step, so a room is listed exactly when it exists (and a replica has both or neither).
/// The script refuses a `create` for a room that exists and an `append` to a room that does not
/// or is closed; answers the earlier offset when the idempotency key was seen; refuses when the
/// stream moved past the expected offset; otherwise assigns the next offset, stamps a time no
/// earlier than the last entry's, XADDs, records the key, PUBLISHes "offset\ntime\nentry" and
/// answers `ok`. Holding, it keeps the room's `acked` where it was (set to the last offset if the room
/// has none yet) and, when a `seen` or `moved` answer names an offset past `acked`, writes the meta
/// once so that the node's WAIT has a write of its own to wait for.
///
/// ```swift
/// let outcome = AppendOutcome(reply: .array([.string(Array("ok".utf8)), .integer(12), .string(Array("5120.5".utf8))]))
/// // .appended(offset: 12, at: 5120.5)
/// ```
public enum AppendScript {
    /// How many KEYS the script takes.
    public static let keyCount = "5"

    public static let source = """
        local meta = KEYS[2]
        local last = tonumber(redis.call('HGET', meta, 'offset') or '0')
        local hold = ARGV[8] == '1'
        local acked = tonumber(redis.call('HGET', meta, 'acked') or last)
        if ARGV[1] == 'create' then
          if last > 0 then return {'exists'} end
        else
          if last == 0 then return {'unknown'} end
          if redis.call('HGET', meta, 'closed') == '1' then return {'closed', last} end
        end
        if ARGV[4] ~= '' then
          local seen = redis.call('HGET', KEYS[3], ARGV[4])
          if seen then
            if hold and tonumber(seen) > acked then redis.call('HSET', meta, 'held', ARGV[2]) end
            return {'seen', tonumber(seen)}
          end
        end
        if ARGV[5] ~= '' and tonumber(ARGV[5]) ~= last then
          if hold and last > acked then redis.call('HSET', meta, 'held', ARGV[2]) end
          return {'moved', last}
        end
        local at = tonumber(ARGV[2])
        local lastAt = tonumber(redis.call('HGET', meta, 'at') or '0')
        if at < lastAt then at = lastAt end
        local offset = last + 1
        local stamp = string.format('%.3f', at)
        redis.call('XADD', KEYS[1], offset .. '-0', 'at', stamp, 'e', ARGV[3])
        if hold then
          redis.call('HSET', meta, 'offset', offset, 'at', stamp, 'acked', acked)
        else
          redis.call('HSET', meta, 'offset', offset, 'at', stamp, 'acked', offset)
        end
        if ARGV[4] ~= '' then redis.call('HSET', KEYS[3], ARGV[4], offset) end
        if ARGV[1] == 'create' and ARGV[9] ~= '' then redis.call('ZADD', KEYS[5], ARGV[9], ARGV[10]) end
        local ttl = tonumber(ARGV[7])
        redis.call('EXPIRE', KEYS[1], ttl)
        redis.call('EXPIRE', meta, ttl)
        redis.call('EXPIRE', KEYS[3], ttl)
        if KEYS[4] then redis.call('EXPIRE', KEYS[4], ttl) end
        if not hold then redis.call('PUBLISH', ARGV[6], offset .. '\\n' .. stamp .. '\\n' .. ARGV[3]) end
        return {'ok', offset, stamp}
        """
}
