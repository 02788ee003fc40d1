import Testing
@testable import SwipeProtocol

/// The queue both ends' send paths are made of: first in, first out, bounded storage.
@Suite struct HeadQueueTests {
    @Test func elementsComeOutInTheOrderTheyWentIn() {
        var queue = HeadQueue<Int>(compactAfter: 2)
        for i in 1...5 { queue.append(i) }
        #expect(queue.popFirst(leaving: 0) == 1)
        queue.append(6)
        var out: [Int] = []
        while let next = queue.popFirst(leaving: 0) { out.append(next) }
        #expect(out == [2, 3, 4, 5, 6])
        #expect(queue.isEmpty && queue.count == 0)
        #expect(queue.popFirst(leaving: 0) == nil)
    }

    /// Offsets count from the first element still queued, and change it in place.
    @Test func offsetsCountFromTheFirstQueued() {
        var queue = HeadQueue<String>()
        ["a", "b", "c"].forEach { queue.append($0) }
        _ = queue.popFirst(leaving: "")
        #expect(queue[0] == "b" && queue[1] == "c")
        queue[1] += "!"
        #expect(queue.popFirst(leaving: "") == "b")
        #expect(queue.popFirst(leaving: "") == "c!")
    }

    /// A queue that never empties (one in, one out, forever) keeps its storage bounded: compacted
    /// once the taken part passes `compactAfter` and half the storage.
    @Test(arguments: [4, 64])
    func aQueueThatNeverEmptiesStaysBounded(compactAfter: Int) {
        var queue = HeadQueue<Int>(compactAfter: compactAfter)
        queue.append(0)
        queue.append(0)
        var popped = 0
        for i in 1...10_000 {
            queue.append(i)
            if queue.popFirst(leaving: -1) != nil { popped += 1 }
            #expect(queue.storage.count <= 2 * (compactAfter + 2) + 2)
        }
        #expect(popped == 10_000 && queue.count == 2)
    }

    @Test func removeAllEmptiesIt() {
        var queue = HeadQueue<Int>()
        queue.append(1)
        queue.removeAll()
        #expect(queue.isEmpty && queue.popFirst(leaving: 0) == nil)
    }
}
