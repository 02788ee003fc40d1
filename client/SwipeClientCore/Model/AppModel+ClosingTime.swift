import SwipeProtocol

extension AppModel {
    /// The wall clock now (ms since 1970), from the clock the shell read at start.
    var wallNow: Double { wallClock.wall(at: now).millisecondsSince1970 }

    /// "open until 12:00" and "2 h 14 m left" for a room closing at `closing`, on this member's clock.
    ///
    /// ```swift
    /// model.closingLines(closing).left   // "2 h 14 m left"
    /// ```
    func closingLines(_ closing: UTCTimestamp) -> (until: String, left: String) {
        ClosingTimeText.lines(closesAt: closing, now: wallNow, utcOffsetSeconds: wallClock.utcOffsetSeconds)
    }
}
