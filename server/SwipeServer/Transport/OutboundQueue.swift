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

    /// Frames that must arrive, oldest first.
    private var messages = HeadQueue<[UInt8]>()
    /// Drag states, oldest first (from `dragsHead` on). A `changed` finds its key's newest entry by
    /// scanning back from the newest: the lane of a reader that keeps up holds a few entries, and
    /// a scan costs less than hashing two strings on every push and pop (a stalled reader's long
    /// lane costs a longer scan until it overflows).
    private var drags = HeadQueue<DragState>()
    /// A queued drag state: its frame, whose drag it is, and whether a later `changed` may replace it.
    private struct DragState: Sendable {
        var bytes: [UInt8]
        var key: Key
        var replaceable: Bool
    }
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
    public var count: Int { messages.count + drags.count }
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
            drags.append(DragState(bytes: bytes, key: key, replaceable: replaceable))
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
        messages.removeAll()
        drags.removeAll()
        byteCount = 0
    }

    /// Takes the oldest message, or when there is none, the oldest drag state.
    ///
    /// ```swift
    /// while let frame = queue.pop() { write(frame) }
    /// ```
    public mutating func pop() -> [UInt8]? {
        if let bytes = messages.popFirst(leaving: []) {
            byteCount -= bytes.count
            return bytes
        }
        guard let state = drags.popFirst(leaving: Self.vacated) else { return nil }
        byteCount -= state.bytes.count
        return state.bytes
    }

    /// What a taken drag slot holds until the lane is compacted (its frame released at once).
    private static let vacated = DragState(bytes: [], key: Key(member: "", card: ""), replaceable: false)

    /// Where `key`'s newest queued drag state is, when that one may be replaced: a `began` or `ended`
    /// queued after a `changed` of the same key shields it (nothing jumps over a gesture's edges).
    private func lastReplaceable(_ key: Key) -> Int? {
        var offset = drags.count - 1
        while offset >= 0 {
            if drags[offset].key == key { return drags[offset].replaceable ? offset : nil }
            offset -= 1
        }
        return nil
    }
}
