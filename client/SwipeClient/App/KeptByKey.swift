// Shell: a cache shared by two threads (the picture thread stores, the main thread reads), behind
// a lock; it touches nothing but its own entries.
import Foundation
import SwipeClientCore

/// The last `capacity` values stored, by key, for any thread: a ``BoundedCache`` behind a lock.
///
/// ```swift
/// let kept = KeptByKey<String, Int>(capacity: 2)
/// kept.store(1, for: "a"); kept.store(2, for: "b"); kept.store(3, for: "c")
/// kept.lookup("a")   // nil: the oldest went first
/// ```
final class KeptByKey<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: BoundedCache<Key, Value>

    init(capacity: Int) { cache = BoundedCache(capacity: capacity) }

    func lookup(_ key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return cache[key]
    }

    /// The value kept for `key`, or `make()`'s, kept (made outside the lock: two threads asking at
    /// once may both make it; the values are the same).
    func value(for key: Key, make: () -> Value) -> Value {
        if let value = lookup(key) { return value }
        let value = make()
        store(value, for: key)
        return value
    }

    func store(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        cache.insert(value, for: key)
    }
}
