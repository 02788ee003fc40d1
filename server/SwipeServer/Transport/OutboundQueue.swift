import SwipeCore
import SwipeProtocol

/// One connection's bounded queue of encoded frames waiting for WRITEABLE. Live drag states are
/// coalesced (the latest `cardState` per member and card replaces a queued one in place); every
/// other message is kept, in order, and an overflow is reported instead of dropping it.
///
/// ```swift
/// var queue = OutboundQueue(capacity: 2)
/// queue.push([1], coalescing: OutboundQueue.Key(member: "m2", card: "dune"))   // .queued
/// queue.push([2], coalescing: OutboundQueue.Key(member: "m2", card: "dune"))   // .coalesced
/// queue.pop()   // [2]
/// ```
public struct OutboundQueue: Sendable {
    /// What coalesces: one member's drag of one card.
    public struct Key: Hashable, Sendable {
        public var member: MemberID
        public var card: CardID
        public init(member: MemberID, card: CardID) {
            self.member = member
            self.card = card
        }
    }

    /// What `push` did.
    public enum PushResult: Hashable, Sendable { case queued, coalesced, overflow }

    private var entries: [(bytes: [UInt8], key: Key?)] = []
    private var head = 0
    private var keyed: [Key: Int] = [:]
    public let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    /// Frames waiting.
    public var count: Int { entries.count - head }
    public var isEmpty: Bool { count == 0 }

    /// Queues a frame; with a key, replaces a still-queued frame with the same key.
    ///
    /// ```swift
    /// if queue.push(bytes) == .overflow { /* close the slow client */ }
    /// ```
    public mutating func push(_ bytes: [UInt8], coalescing key: Key? = nil) -> PushResult {
        if let key, let index = keyed[key], index >= head {
            entries[index].bytes = bytes
            return .coalesced
        }
        if count >= capacity { return .overflow }
        entries.append((bytes, key))
        if let key { keyed[key] = entries.count - 1 }
        return .queued
    }

    /// Drops everything queued (a connection being closed for abuse gets only its error).
    ///
    /// ```swift
    /// queue.removeAll()
    /// queue.isEmpty   // true
    /// ```
    public mutating func removeAll() {
        entries = []
        keyed = [:]
        head = 0
    }

    /// Takes the oldest frame.
    ///
    /// ```swift
    /// while let frame = queue.pop() { write(frame) }
    /// ```
    public mutating func pop() -> [UInt8]? {
        guard head < entries.count else { return nil }
        let entry = entries[head]
        if let key = entry.key, keyed[key] == head { keyed[key] = nil }
        head += 1
        if head > 64 && head * 2 > entries.count {
            entries.removeFirst(head)
            keyed = keyed.mapValues { $0 - head }
            head = 0
        }
        return entry.bytes
    }
}
