/// One Redis reply (RESP2), copied out of hiredis's `redisReply`.
///
/// ```swift
/// let reply = RedisValue.array([.string(Array("ok".utf8)), .integer(7)])
/// reply[0]?.text      // "ok"
/// reply[1]?.integer   // 7
/// ```
public enum RedisValue: Hashable, Sendable {
    case string([UInt8])
    case integer(Int)
    case array([RedisValue])
    case null
    case status(String)
    case error(String)

    /// A bulk or status string as text (nil for other kinds).
    ///
    /// ```swift
    /// RedisValue.status("OK").text   // "OK"
    /// ```
    public var text: String? {
        switch self {
        case let .string(bytes): return String(decoding: bytes, as: UTF8.self)
        case let .status(text): return text
        case .integer, .array, .null, .error: return nil
        }
    }

    /// An integer reply, or a string that holds one (Lua numbers come back as integers).
    ///
    /// ```swift
    /// RedisValue.string(Array("12".utf8)).integer   // 12
    /// ```
    public var integer: Int? {
        switch self {
        case let .integer(value): return value
        case .string, .status: return text.flatMap { Int($0) }
        case .array, .null, .error: return nil
        }
    }

    /// The `index`th element of an array reply (nil past the end or for other kinds).
    ///
    /// ```swift
    /// RedisValue.array([.integer(1)])[0]   // .integer(1)
    /// ```
    public subscript(index: Int) -> RedisValue? {
        guard case let .array(items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
