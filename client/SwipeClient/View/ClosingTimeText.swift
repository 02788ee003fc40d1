import SwipeProtocol

/// How a room's closing time reads on screen: "open until 12:00" and "2 h 14 m left" (a close
/// more than a day away names its day: "open until 30 Nov 12:00"), in the member's local time.
///
/// ```swift
/// ClosingTimeText.lines(closesAt: closing, now: wallNow, utcOffsetSeconds: 0)
/// // ("open until 12:00", "2 h 14 m left")
/// ```
public enum ClosingTimeText {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func lines(closesAt: UTCTimestamp, now: Double, utcOffsetSeconds: Int) -> (until: String, left: String) {
        let offset = Double(utcOffsetSeconds) * 1000
        let local = UTCTimestamp(millisecondsSince1970: closesAt.millisecondsSince1970 + offset).civil
        let today = UTCTimestamp(millisecondsSince1970: now + offset).civil
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let clock = "\(two(local.hour)):\(two(local.minute))"
        let remaining = closesAt.millisecondsSince1970 - now
        let sameDay = (local.year, local.month, local.day) == (today.year, today.month, today.day)
        let until = sameDay || remaining <= 0 ? clock : "\(local.day) \(months[max(0, min(11, local.month - 1))]) \(clock)"
        return ("open until \(until)", left(remaining))
    }

    /// "2 h 14 m left", "3 d 2 h left", "45 s left", "closing…" once it is due.
    public static func left(_ ms: Double) -> String {
        guard ms > 0 else { return "closing…" }
        let seconds = Int((ms / 1000).rounded(.up))
        let days = seconds / 86_400, hours = seconds % 86_400 / 3600, minutes = seconds % 3600 / 60
        if days > 0 { return "\(days) d \(hours) h left" }
        if hours > 0 { return "\(hours) h \(minutes) m left" }
        if minutes > 0 { return "\(minutes) m left" }
        return "\(seconds) s left"
    }

    /// A member's progress through a sealed room's deck: "12/30", or "done".
    ///
    /// ```swift
    /// ClosingTimeText.progress(votesCast: 30, of: 30)   // "done"
    /// ```
    public static func progress(votesCast: Int, of total: Int) -> String {
        votesCast >= total && total > 0 ? "done" : "\(votesCast)/\(total)"
    }
}
