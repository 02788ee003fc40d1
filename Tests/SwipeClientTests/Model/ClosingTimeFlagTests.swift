import SwipeProtocol
import Testing
@testable import SwipeClient

@Suite struct ClosingTimeFlagTests {
    /// 2026-11-29T10:00:00Z.
    static let now: Double = 1_795_946_400_000

    /// (--until, the zone's offset in seconds, the closing time or nil when refused)
    static let cases: [(String, Int, String?)] = [
        ("12:00", 0, "2026-11-29T12:00:00Z"),
        ("9:30", 0, "2026-11-30T09:30:00Z"),          // passed today: tomorrow
        ("10:00", 0, "2026-11-30T10:00:00Z"),         // now is not ahead
        ("12:00", 3600, "2026-11-29T11:00:00Z"),      // local 12:00 in UTC+1
        ("00:30", -3600 * 5, "2026-11-30T05:30:00Z"), // local is 05:00 the 29th: 00:30 the 30th
        ("90m", 0, "2026-11-29T11:30:00Z"),
        ("3h", 0, "2026-11-29T13:00:00Z"),
        ("2d", 0, "2026-12-01T10:00:00Z"),
        ("1h30m", 0, "2026-11-29T11:30:00Z"),
        ("45s", 0, "2026-11-29T10:00:45Z"),
        (" 3h ", 0, "2026-11-29T13:00:00Z"),
        ("2026-11-29T12:00:00Z", 3600, "2026-11-29T12:00:00Z"),
        ("2026-11-29T12:00", 3600, "2026-11-29T11:00:00Z"),     // no zone: local
        ("2026-11-29T14:00+02:00", 0, "2026-11-29T12:00:00Z"),
        ("0m", 0, nil),
        ("3x", 0, nil),
        ("h", 0, nil),
        ("25:00", 0, nil),
        ("12:5", 0, nil),
        ("noon", 0, nil),
        ("", 0, nil),
    ]

    @Test(arguments: cases.indices)
    func readsWhatAPersonSays(_ index: Int) {
        let (text, offset, expected) = Self.cases[index]
        switch ClosingTimeFlag.parse(text, now: Self.now, utcOffsetSeconds: offset) {
        case let .success(time): #expect(time.iso8601 == expected, "\(text)")
        case let .failure(problem):
            #expect(expected == nil, "\(text): \(problem)")
            #expect(problem.description.contains("--until"))
        }
    }
}

@Suite struct ClosingTimeTextTests {
    static let closing = UTCTimestamp(millisecondsSince1970: 1_795_953_600_000)   // 2026-11-29T12:00:00Z

    /// (ms before the close, the zone's offset, the two lines)
    static let cases: [(Double, Int, String, String)] = [
        (2 * 3_600_000 + 14 * 60_000, 0, "open until 12:00", "2 h 14 m left"),
        (2 * 3_600_000 + 14 * 60_000 - 1, 0, "open until 12:00", "2 h 14 m left"),
        (59_000, 3600, "open until 13:00", "59 s left"),
        (30 * 86_400_000 / 10, 0, "open until 12:00", "3 d 0 h left"),
        (-5000, 0, "open until 12:00", "closing…"),
    ]

    @Test(arguments: cases.indices)
    func saysWhenAndHowLong(_ index: Int) {
        let (before, offset, until, left) = Self.cases[index]
        let text = ClosingTimeText.lines(closesAt: Self.closing, now: Self.closing.millisecondsSince1970 - before, utcOffsetSeconds: offset)
        if before < 86_400_000 { #expect(text.until == until) } else { #expect(text.until == "open until 29 Nov 12:00") }
        #expect(text.left == left)
    }

    @Test func progressSaysDone() {
        #expect(ClosingTimeText.progress(votesCast: 12, of: 30) == "12/30")
        #expect(ClosingTimeText.progress(votesCast: 30, of: 30) == "done")
    }
}
