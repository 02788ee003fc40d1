import SwipeProtocol

/// `swipe create --until`: when the room closes, as a person says it. `HH:MM` is the next such
/// time on the local clock (today, or tomorrow once it has passed); a date and time is read as
/// ISO 8601 (local when it names no zone); a duration is counted from now (`90m`, `3h`, `2d`,
/// `1h30m`, `45s`). Pure: the wall clock and the zone's offset are passed in.
///
/// ```swift
/// let now = UTCTimestamp(iso8601: "2026-11-29T10:00:00Z")!.millisecondsSince1970
/// ClosingTimeFlag.parse("12:00", now: now, utcOffsetSeconds: 0)   // .success(2026-11-29T12:00:00Z)
/// ClosingTimeFlag.parse("3h", now: now, utcOffsetSeconds: 0)      // .success(2026-11-29T13:00:00Z)
/// ```
public enum ClosingTimeFlag {
    /// What was wrong with a `--until`, as `swipe` prints it (status 64).
    public struct Problem: Error, Hashable, CustomStringConvertible {
        public var description: String
    }

    public static let help = "When the room closes and decides, with or without anyone online: HH:MM (the next such local time), a date and time (2026-11-29T12:00, local unless it ends in Z or +01:00), or a duration from now (90m, 3h, 2d, 1h30m). Votes are sealed until then; the room is free-paced."

    public static func parse(_ text: String, now: Double, utcOffsetSeconds: Int) -> Result<UTCTimestamp, Problem> {
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        let offset = Double(utcOffsetSeconds) * 1000
        if let time = clockTime(trimmed) {
            let localNow = now + offset
            let day = (localNow / 86_400_000).rounded(.down) * 86_400_000
            var local = day + Double(time.hour * 3600 + time.minute * 60) * 1000
            if local <= localNow { local += 86_400_000 }
            return .success(UTCTimestamp(millisecondsSince1970: local - offset))
        }
        if let span = TimeSpan.milliseconds(trimmed) {
            guard span > 0 else { return .failure(Problem(description: "--until \"\(text)\" is no time from now: give a duration such as 90m, 3h or 2d")) }
            return .success(UTCTimestamp(millisecondsSince1970: now + span))
        }
        if let zoned = UTCTimestamp(iso8601: trimmed) { return .success(zoned) }
        if let local = UTCTimestamp(iso8601: trimmed + "Z") {
            return .success(UTCTimestamp(millisecondsSince1970: local.millisecondsSince1970 - offset))
        }
        return .failure(Problem(description: "--until \"\(text)\" is not a time: give HH:MM (12:00), a date and time (2026-11-29T12:00 or 2026-11-29T12:00:00Z) or a duration (90m, 3h, 2d)"))
    }

    /// `HH:MM` (or `H:MM`), 00:00–23:59.
    static func clockTime(_ text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else { return nil }
        return (hour, minute)
    }
}
