import SwipeBackend
import SwipeProtocol

/// The appends waiting for replicas to have them (`--store-replicas N`): at most one `WAIT N
/// BOUND` is on its way at a time, and it covers every append answered before it was sent (Redis
/// replicates one ordered stream, so a replica that has a later write has every earlier one).
/// Appends answered while a WAIT is on its way wait for the next. Pure bookkeeping: the shell
/// sends `command` when `add` or `answered` says so.
///
/// ```swift
/// var waits = ReplicaWaits<Int>(replicas: 1, bound: 500)
/// waits.add(7)                                  // true: send waits.command (["WAIT", "1", "500"]) now
/// waits.add(8)                                  // false: waits for the next WAIT
/// waits.answered(.integer(1))                   // (covered: [7], failure: nil, sendNext: true)
/// waits.answered(.integer(0)).failure           // "no replica of the store confirmed it within 500 ms …"
/// ```
public struct ReplicaWaits<Waiter> {
    /// Replicas that must have an append (0: nothing is waited for).
    public let replicas: Int
    /// How long a WAIT may block (ms).
    public let bound: Int
    /// Answered appends the next WAIT will cover.
    public private(set) var queued: [Waiter] = []
    /// The appends the WAIT on its way covers (nil: none on its way).
    public private(set) var inFlight: [Waiter]?

    public init(replicas: Int, bound: Int) {
        self.replicas = max(0, replicas)
        self.bound = max(1, bound)
    }

    /// Whether appends wait for replicas at all.
    public var isNeeded: Bool { replicas > 0 }

    /// The command to send.
    public var command: [String] { ["WAIT", String(replicas), String(bound)] }

    /// An append was answered: true when a WAIT must be sent now (none is on its way).
    public mutating func add(_ waiter: Waiter) -> Bool {
        queued.append(waiter)
        guard inFlight == nil else { return false }
        inFlight = queued
        queued = []
        return true
    }

    /// The WAIT on its way was answered (nil: the link was lost first). `covered` are its appends,
    /// confirmed when `failure` is nil; `sendNext` says to send the next WAIT now (for `queued`).
    public mutating func answered(_ reply: RedisValue?) -> (covered: [Waiter], failure: String?, sendNext: Bool) {
        let covered = inFlight ?? []
        inFlight = nil
        let failure: String?
        switch reply {
        case let .integer(count)?:
            failure = count >= replicas ? nil
                : "no replica of the store confirmed it within \(bound) ms (\(count) of the \(replicas) --store-replicas asks for)"
        case let .error(text)?:
            failure = "the store refused WAIT: \(text)"
        case .none:
            failure = "the store went away before a replica confirmed it"
        case .string?, .array?, .null?, .status?:
            failure = "the store answered WAIT with \(String(describing: reply))"
        }
        guard !queued.isEmpty else { return (covered, failure, false) }
        inFlight = queued
        queued = []
        return (covered, failure, true)
    }
}
