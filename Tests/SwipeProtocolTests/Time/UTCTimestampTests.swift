import Testing
import SwipeProtocol

@Suite struct UTCTimestampTests {
    /// (text, ms since 1970 or nil when refused): checked against Python's calendar.timegm.
    static let cases: [(String, Double?)] = [
        ("1970-01-01T00:00:00Z", 0),
        ("2026-11-29T12:00:00Z", 1_795_953_600_000),
        ("2026-11-29T13:00:00+01:00", 1_795_953_600_000),
        ("2026-11-29T07:30-04:30", 1_795_953_600_000),
        ("2026-11-29 12:00:00Z", 1_795_953_600_000),
        ("2026-11-29T12:00:00.250Z", 1_795_953_600_250),
        ("2024-02-29T00:00:00Z", 1_709_164_800_000),
        ("2000-03-01T00:00:00Z", 951_868_800_000),
        ("1969-12-31T23:59:59Z", -1000),
        ("2026-02-29T12:00:00Z", nil),
        ("2026-13-01T12:00:00Z", nil),
        ("2026-11-29T24:00:00Z", nil),
        ("2026-11-29T12:00:00", nil),
        ("2026-11-29", nil),
        ("12:00", nil),
        ("2026-11-29T12:00:00Zjunk", nil),
        ("", nil),
    ]

    @Test(arguments: cases.indices)
    func readsISO8601(_ index: Int) {
        let (text, expected) = Self.cases[index]
        #expect(UTCTimestamp(iso8601: text)?.millisecondsSince1970 == expected, "\(text)")
    }

    @Test(arguments: [0.0, 1_795_953_600_000, 951_868_800_000, 1_709_164_800_000, -1000, 4_102_444_800_000])
    func writesWhatItReads(_ ms: Double) {
        let text = UTCTimestamp(millisecondsSince1970: ms).iso8601
        #expect(UTCTimestamp(iso8601: text)?.millisecondsSince1970 == ms, "\(text)")
    }

    @Test func writesUTCToTheSecond() {
        #expect(UTCTimestamp(millisecondsSince1970: 1_795_953_600_999).iso8601 == "2026-11-29T12:00:00Z")
        #expect(UTCTimestamp(millisecondsSince1970: 0).iso8601 == "1970-01-01T00:00:00Z")
    }
}
