import Testing
@testable import SwipeClientCore

/// The pictures' one small cache: the newest `capacity` by key, the oldest going first and named.
@Suite struct BoundedCacheTests {
    /// (capacity, keys stored in order, keys kept, values evicted in order)
    @Test(arguments: [
        (2, ["a", "b", "c"], ["b", "c"], [1]),
        (2, ["a", "b", "a", "c"], ["b", "c"], [3]),     // "a" stored again keeps its place: still the oldest
        (3, ["a", "b", "c"], ["a", "b", "c"], []),
        (1, ["a", "b", "c", "d"], ["d"], [1, 2, 3]),
    ] as [(Int, [String], [String], [Int])])
    func theOldestGoFirst(_ capacity: Int, _ keys: [String], _ kept: [String], _ evicted: [Int]) {
        var cache = BoundedCache<String, Int>(capacity: capacity)
        var went: [Int] = []
        for (value, key) in keys.enumerated() { went += cache.insert(value + 1, for: key) }
        #expect(["a", "b", "c", "d"].filter { cache[$0] != nil } == kept)
        #expect(went == evicted)
        #expect(cache.count == kept.count)
    }

    @Test func removeAllEmptiesIt() {
        var cache = BoundedCache<Int, String>(capacity: 4)
        cache.insert("x", for: 1)
        cache.removeAll()
        #expect(cache.isEmpty && cache[1] == nil)
    }
}
