/// The newest `capacity` values by key; storing one more lets the oldest go, and says which went
/// (so a caller can free what it stood for, as kitty's picture ids). One type for every small
/// cache of the client's pictures: the cells drawn per size, the kitty ids sent, the pixel bytes.
///
/// ```swift
/// var cache = BoundedCache<String, Int>(capacity: 2)
/// cache.insert(1, for: "a"); cache.insert(2, for: "b")
/// cache.insert(3, for: "c")   // [1]: "a" went
/// cache["a"]                  // nil
/// ```
public struct BoundedCache<Key: Hashable, Value> {
    public let capacity: Int
    private var entries: [Key: Value] = [:]
    /// Keys oldest first (a value stored again for a key keeps its place).
    private var order: [Key] = []

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The value kept for `key`.
    public subscript(key: Key) -> Value? { entries[key] }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// Keeps `value` for `key`; returns the values that went to make room, oldest first.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key) -> [Value] {
        if entries.updateValue(value, forKey: key) == nil { order.append(key) }
        var evicted: [Value] = []
        while order.count > capacity {
            if let old = entries.removeValue(forKey: order.removeFirst()) { evicted.append(old) }
        }
        return evicted
    }

    public mutating func removeAll() {
        entries = [:]
        order = []
    }
}

extension BoundedCache: Equatable where Value: Equatable {}
extension BoundedCache: Hashable where Value: Hashable {}
extension BoundedCache: Sendable where Key: Sendable, Value: Sendable {}
