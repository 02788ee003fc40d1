/// The SSH gateway's menu and prompts end when nobody types: a value holding when the last line
/// came, asked at a given time whether to wait (and how long) or to end. Time is an input (seconds
/// on any monotonic clock).
///
/// ```swift
/// var idle = PromptIdle(limit: 120, start: 0)
/// idle.decision(at: 30)    // .wait(seconds: 90)
/// idle.lineArrived(at: 100)
/// idle.decision(at: 230)   // .end
/// ```
public struct PromptIdle: Equatable, Sendable {
    /// Seconds without a line before the session ends (`swipe gateway --idle-timeout`).
    public let limit: Double
    /// When the last line arrived (or the prompt started).
    public private(set) var lastLine: Double

    /// A prompt started at `start`.
    ///
    /// ```swift
    /// PromptIdle(limit: 120, start: 10).lastLine   // 10
    /// ```
    public init(limit: Double, start: Double) {
        self.limit = limit
        lastLine = start
    }

    /// What a prompt does at `now`.
    ///
    /// ```swift
    /// if case let .wait(seconds) = idle.decision(at: now) { poll(stdin, timeout: seconds) }
    /// ```
    public enum Decision: Equatable, Sendable {
        /// Keep waiting for input, at most this long before asking again.
        case wait(seconds: Double)
        /// Nobody typed for `limit`: end the session, saying so.
        case end
    }

    /// Wait or end, at `now`.
    ///
    /// ```swift
    /// PromptIdle(limit: 120, start: 0).decision(at: 120)   // .end
    /// ```
    public func decision(at now: Double) -> Decision {
        let left = lastLine + limit - now
        return left > 0 ? .wait(seconds: left) : .end
    }

    /// A line (or any input) came at `now`: the idle time starts again.
    ///
    /// ```swift
    /// idle.lineArrived(at: 100)   // idle.decision(at: 150) == .wait(seconds: 70) with a 120 s limit
    /// ```
    public mutating func lineArrived(at now: Double) { lastLine = max(lastLine, now) }

    /// What the member reads when the prompt ends for idleness.
    ///
    /// ```swift
    /// PromptIdle(limit: 120, start: 0).farewell   // "nothing typed for 2 minutes: this session ends; ssh in again when you are ready"
    /// ```
    public var farewell: String {
        let seconds = Int(limit.rounded())
        let span = seconds % 60 == 0 ? (seconds == 60 ? "1 minute" : "\(seconds / 60) minutes") : "\(seconds) s"
        return "nothing typed for \(span): this session ends; ssh in again when you are ready"
    }
}
