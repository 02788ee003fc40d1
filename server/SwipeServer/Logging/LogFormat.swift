/// How swipe-server writes its log lines on standard error (`--log-format`).
///
/// ```swift
/// LogFormat(rawValue: "json")   // .json
/// ```
public enum LogFormat: String, CaseIterable, Sendable {
    /// swift-log's `StreamLogHandler` lines: `2026-11-23T14:52:00+0000 info swipe-server: message`.
    case text
    /// One JSON object per line (`JSONLogLine`): time, level, label, message, metadata.
    case json
}
