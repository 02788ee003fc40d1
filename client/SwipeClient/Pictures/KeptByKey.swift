import Foundation

/// The last `capacity` values stored, by key, for any thread: drawn picture cells and pixel bytes,
/// made on the picture thread and read by frames on the main thread.
///
/// ```swift
/// let kept = KeptByKey<String, Int>(capacity: 2)
/// kept.store(1, for: "a"); kept.store(2, for: "b"); kept.store(3, for: "c")
/// kept.lookup("a")   // nil: the oldest went first
/// ```
final class KeptByKey<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private var entries: [Key: Value] = [:]
    private var order: [Key] = []

    init(capacity: Int) { self.capacity = capacity }

    func lookup(_ key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    func store(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if entries.updateValue(value, forKey: key) == nil { order.append(key) }
        while order.count > capacity { entries[order.removeFirst()] = nil }
    }
}
