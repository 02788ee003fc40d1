/// A wall-clock instant as the protocol writes it: ISO 8601 in UTC (`2026-11-29T12:00:00Z`), held
/// as milliseconds since 1970. Pure: parses and formats without Foundation's formatters or a clock.
///
/// ```swift
/// let closing = UTCTimestamp(iso8601: "2026-11-29T12:00:00Z")
/// closing?.millisecondsSince1970   // 1_795_953_600_000
/// closing?.iso8601                 // "2026-11-29T12:00:00Z"
/// ```
public struct UTCTimestamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSince1970: Double

    /// The instant this many milliseconds after 1970 began (UTC).
    ///
    /// ```swift
    /// UTCTimestamp(millisecondsSince1970: 0).iso8601   // "1970-01-01T00:00:00Z"
    /// ```
    public init(millisecondsSince1970: Double) { self.millisecondsSince1970 = millisecondsSince1970 }

    /// Reads `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z` or an offset `±HH:MM` (a space may stand
    /// for the `T`); nil for anything else, a day a month does not have included.
    ///
    /// ```swift
    /// UTCTimestamp(iso8601: "2026-11-29T13:00:00+01:00") == UTCTimestamp(iso8601: "2026-11-29T12:00:00Z")   // true
    /// UTCTimestamp(iso8601: "2026-02-30T12:00:00Z")   // nil
    /// ```
    public init?(iso8601 text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"), let month = scanner.number(digits: 2), scanner.take("-"),
              let day = scanner.number(digits: 2), scanner.take("T") || scanner.take("t") || scanner.take(" "),
              let hour = scanner.number(digits: 2), scanner.take(":"), let minute = scanner.number(digits: 2)
        else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.take(":") {
            guard let s = scanner.number(digits: 2) else { return nil }
            second = s
            if scanner.take(".") || scanner.take(",") {
                guard let digits = scanner.fraction() else { return nil }
                fraction = digits
            }
        }
        var offsetMinutes = 0
        if scanner.take("Z") || scanner.take("z") {
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(digits: 2) else { return nil }
            _ = scanner.take(":")
            guard let minutes = scanner.number(digits: 2), hours <= 23, minutes <= 59 else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        } else {
            return nil
        }
        guard scanner.atEnd, (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second - offsetMinutes * 60) + fraction
        millisecondsSince1970 = (seconds * 1000).rounded()
    }

    /// The instant in UTC to the second (`2026-11-29T12:00:00Z`), as `welcome` and `results` carry it.
    ///
    /// ```swift
    /// UTCTimestamp(millisecondsSince1970: 1_795_953_600_000).iso8601   // "2026-11-29T12:00:00Z"
    /// ```
    public var iso8601: String {
        let parts = civil
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var year = String(parts.year)
        while year.count < 4 { year = "0" + year }
        return "\(year)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }

    public var description: String { iso8601 }

    /// The date and time of day in UTC.
    ///
    /// ```swift
    /// UTCTimestamp(millisecondsSince1970: 86_400_000).civil.day   // 2
    /// ```
    public var civil: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let totalSeconds = Int((millisecondsSince1970 / 1000).rounded(.down))
        let days = totalSeconds >= 0 ? totalSeconds / 86_400 : (totalSeconds - 86_399) / 86_400
        let rest = totalSeconds - days * 86_400
        let date = Self.civilFromDays(days)
        return (date.year, date.month, date.day, rest / 3600, rest % 3600 / 60, rest % 60)
    }

    public static func < (a: UTCTimestamp, b: UTCTimestamp) -> Bool { a.millisecondsSince1970 < b.millisecondsSince1970 }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Reads fixed-width digits and single characters from ASCII bytes (`UTCTimestamp`'s parser).
private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func take(_ character: Character) -> Bool {
        guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += digits
        return value
    }

    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 0.1
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) {
            value += Double(bytes[index] - 48) * scale
            scale /= 10
            index += 1
        }
        return index > start ? value : nil
    }

    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }
}
