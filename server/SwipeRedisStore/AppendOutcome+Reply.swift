// The append script's reply as the seam's AppendOutcome. Pure; called on the service thread.
import SwipeBackend

extension AppendOutcome {
    /// What the append script (`AppendScript`) answered.
    ///
    /// ```swift
    /// AppendOutcome(reply: .array([.string(Array("seen".utf8)), .integer(9)]))   // .seen(offset: 9)
    /// ```
    public init(reply: RedisValue?) {
        guard let reply else { self = .failed("no answer from the store"); return }
        if case let .error(text) = reply { self = .failed(text); return }
        switch reply[0]?.text {
        case "ok":
            if let offset = reply[1]?.integer, let at = reply[2]?.text.flatMap(Double.init) {
                self = .appended(offset: offset, at: at)
            } else {
                self = .failed("the append script answered ok without an offset and time")
            }
        case "seen": self = reply[1]?.integer.map { .seen(offset: $0) } ?? .failed("seen without an offset")
        case "moved": self = reply[1]?.integer.map { .moved(last: $0) } ?? .failed("moved without an offset")
        case "exists": self = .exists
        case "unknown": self = .unknown
        case "closed": self = .closed
        default: self = .failed("the append script answered \(String(describing: reply))")
        }
    }
}
