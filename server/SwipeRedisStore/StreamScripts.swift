/// The Lua scripts that make a room's stream visible only as far as replicas have it
/// (`--store-replicas`): `confirm` raises the room's `acked` offset after a WAIT said a replica
/// has everything up to it, and publishes the entries it made visible; `read` reads the stream no
/// further than `acked`. Every node applies entries only up to `acked`, so no node broadcasts an
/// entry a failover could still lose. A room without `acked` (made before it existed) is read up to its `offset`.
///
/// ```swift
/// link.send(["EVAL", StreamScripts.read, "2", ClusterKeys.log(code), ClusterKeys.meta(code), "-", ""])
/// ```
public enum StreamScripts {
    /// KEYS: log, meta. ARGV: the offset a WAIT confirmed, the room's channel. Answers the new `acked`.
    public static let confirm = """
        local acked = tonumber(redis.call('HGET', KEYS[2], 'acked') or redis.call('HGET', KEYS[2], 'offset') or '0')
        local upto = tonumber(ARGV[1])
        if upto <= acked then return acked end
        redis.call('HSET', KEYS[2], 'acked', upto)
        for _, item in ipairs(redis.call('XRANGE', KEYS[1], (acked + 1) .. '-0', upto .. '-0')) do
          local fields = item[2]
          local at, entry
          for i = 1, #fields, 2 do
            if fields[i] == 'at' then at = fields[i + 1] elseif fields[i] == 'e' then entry = fields[i + 1] end
          end
          if at and entry then redis.call('PUBLISH', ARGV[2], string.match(item[1], '^%d+') .. '\\n' .. at .. '\\n' .. entry) end
        end
        return upto
        """

    /// KEYS: log, meta. ARGV: the first stream ID (`-` or `OFFSET-0`), a count ("" for all). Answers as XRANGE.
    public static let read = """
        local acked = redis.call('HGET', KEYS[2], 'acked') or redis.call('HGET', KEYS[2], 'offset') or '0'
        if ARGV[2] == '' then return redis.call('XRANGE', KEYS[1], ARGV[1], acked .. '-0') end
        return redis.call('XRANGE', KEYS[1], ARGV[1], acked .. '-0', 'COUNT', ARGV[2])
        """
}
