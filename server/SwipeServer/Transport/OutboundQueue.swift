import SwipeCore
import SwipeProtocol

/// One connection's bounded queue of encoded frames waiting for WRITEABLE, in two lanes. Messages
/// that must arrive (votes, tallies, resolutions, results, errors, welcome…) go in the first lane,
/// in order, and are always written before any live drag state; drag states (`cardState`) wait in
/// the second lane, in order, where a `changed` state replaces a still-queued `changed` of the same
/// member and card in place. A gesture's `began`, `ended` and `cancelled` are never replaced and
/// nothing jumps over them: every gesture's start and end arrive, in order. One count bound covers
/// both lanes; an overflow is reported instead of dropping anything.
///
/// ```swift
/// var queue = OutboundQueue(capacity: 3)
/// queue.push([1], coalescing: OutboundQueue.Key(member: "m2", card: "dune"))   // .queued
/// queue.push([9])                                                               // .queued (a tally)
/// queue.push([2], coalescing: OutboundQueue.Key(member: "m2", card: "dune"))   // .coalesced
/// queue.pop()   // [9]: the tally first
/// queue.pop()   // [2]: then the latest drag state
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

    /// Frames that must arrive, oldest first (from `messagesHead` on).
    private var messages: [[UInt8]] = []
    private var messagesHead = 0
    /// Drag states, oldest first (from `dragsHead` on). A `changed` finds its key's newest entry by
    /// scanning back from the newest: the lane of a reader that keeps up holds a few entries, and
    /// a scan costs less than hashing two strings on every push and pop (a stalled reader's long
    /// lane costs a longer scan until it overflows).
    private var drags: [(bytes: [UInt8], key: Key, replaceable: Bool)] = []
    private var dragsHead = 0
    public let capacity: Int
    /// Most payload bytes queued at once (both lanes).
    public let maxBytes: Int
    /// Payload bytes queued now.
    public private(set) var byteCount = 0

    public init(capacity: Int, maxBytes: Int = .max) {
        self.capacity = capacity
        self.maxBytes = maxBytes
    }

    /// Frames waiting (both lanes).
    public var count: Int { (messages.count - messagesHead) + (drags.count - dragsHead) }
    public var isEmpty: Bool { count == 0 }

    /// Queues a frame; with a key it is a drag state. A `replaceable` one (a `changed`) replaces a
    /// still-queued replaceable one with the same key; one that is not (`began`, `ended`,
    /// `cancelled`) is always queued, and later states of that key queue behind it.
    ///
    /// ```swift
    /// if queue.push(bytes) == .overflow { /* close the slow client */ }
    /// queue.push(began, coalescing: key, replaceable: false)   // .queued: never replaced
    /// ```
    public mutating func push(_ bytes: [UInt8], coalescing key: Key? = nil, replaceable: Bool = true) -> PushResult {
        if let key, replaceable, let index = lastReplaceable(key) {
            let grown = byteCount - drags[index].bytes.count + bytes.count
            if grown > maxBytes { return .overflow }
            byteCount = grown
            drags[index].bytes = bytes
            return .coalesced
        }
        if count >= capacity || byteCount + bytes.count > maxBytes { return .overflow }
        byteCount += bytes.count
        if let key {
            drags.append((bytes, key, replaceable))
        } else {
            messages.append(bytes)
        }
        return .queued
    }

    /// Drops everything queued (a connection being closed for abuse gets only its error).
    ///
    /// ```swift
    /// queue.removeAll()
    /// queue.isEmpty   // true
    /// ```
    public mutating func removeAll() {
        messages = []
        messagesHead = 0
        drags = []
        dragsHead = 0
        byteCount = 0
    }

    /// Takes the oldest message, or when there is none, the oldest drag state.
    ///
    /// ```swift
    /// while let frame = queue.pop() { write(frame) }
    /// ```
    public mutating func pop() -> [UInt8]? {
        if messagesHead < messages.count {
            let bytes = messages[messagesHead]
            messages[messagesHead] = []
            messagesHead += 1
            byteCount -= bytes.count
            if messagesHead == messages.count {
                messages.removeAll(keepingCapacity: true)
                messagesHead = 0
            } else if messagesHead > 64 && messagesHead * 2 > messages.count {
                messages.removeFirst(messagesHead)
                messagesHead = 0
            }
            return bytes
        }
        guard dragsHead < drags.count else { return nil }
        let bytes = drags[dragsHead].bytes
        drags[dragsHead].bytes = []
        dragsHead += 1
        byteCount -= bytes.count
        if dragsHead == drags.count {
            drags.removeAll(keepingCapacity: true)
            dragsHead = 0
        } else if dragsHead > 64 && dragsHead * 2 > drags.count {
            drags.removeFirst(dragsHead)
            dragsHead = 0
        }
        return bytes
    }

    /// Where `key`'s newest queued drag state is, when that one may be replaced: a `began` or `ended`
    /// queued after a `changed` of the same key shields it (nothing jumps over a gesture's edges).
    private func lastReplaceable(_ key: Key) -> Int? {
        var index = drags.count - 1
        while index >= dragsHead {
            if drags[index].key == key { return drags[index].replaceable ? index : nil }
            index -= 1
        }
        return nil
    }
}
