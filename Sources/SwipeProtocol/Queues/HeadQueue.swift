/// Elements in arrival order, taken from the front by moving a head index instead of shifting the
/// rest on every pop. The storage is reset when the queue empties, and compacted (the taken part
/// dropped) once that part is past `compactAfter` elements and half of the storage, so a queue
/// that never quite empties stays bounded. The server's send-queue lanes and the client's outbox
/// are made of it. `@inlinable` throughout: it is on the hot path of every frame, in other modules.
///
/// ```swift
/// var queue = HeadQueue<[UInt8]>()
/// queue.append([1]); queue.append([2])
/// queue.popFirst(leaving: [])   // [1]
/// queue.count                   // 1
/// queue[0]                      // [2]
/// ```
public struct HeadQueue<Element> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var head = 0
    /// How many taken elements may sit at the front before the storage is compacted.
    public let compactAfter: Int

    @inlinable
    public init(compactAfter: Int = 64) { self.compactAfter = compactAfter }

    @inlinable public var count: Int { storage.count - head }
    @inlinable public var isEmpty: Bool { head == storage.count }

    @inlinable
    public mutating func append(_ element: Element) { storage.append(element) }

    /// Takes the first element; `vacated` goes in its old slot, so what it held (a frame's bytes)
    /// is released now rather than at the next compaction.
    @inlinable
    public mutating func popFirst(leaving vacated: Element) -> Element? {
        guard head < storage.count else { return nil }
        let first = storage[head]
        storage[head] = vacated
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > compactAfter && head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return first
    }

    /// The element `offset` places after the first (0 is the first), in place.
    @inlinable
    public subscript(offset: Int) -> Element {
        get { storage[head + offset] }
        _modify { yield &storage[head + offset] }
    }

    @inlinable
    public mutating func removeAll() {
        storage = []
        head = 0
    }
}

extension HeadQueue: Sendable where Element: Sendable {}
