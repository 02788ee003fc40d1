/// A span of time as people write it on a command line: `2d`, `3h`, `90m`, `45s` and runs of them
/// (`1h30m`). One reading for the client's `--until 90m` and the server's seconds flags
/// (`--keep-decided 7d`). Pure.
///
/// ```swift
/// TimeSpan.milliseconds("1h30m")     // 5_400_000
/// TimeSpan.seconds("90")             // 90 (a bare number is seconds)
/// TimeSpan.seconds("10m")            // 600
/// TimeSpan.seconds("ten minutes")    // nil
/// ```
public enum TimeSpan {
    /// What a seconds flag's value may be, for its help and its error.
    public static let hint = "seconds, or a span such as 90s, 10m, 2h, 7d or 1h30m"

    /// `2d`, `3h`, `90m`, `45s` and runs of them (`1h30m`), in ms; nil for anything else (a bare
    /// number included: it has no unit).
    public static func milliseconds(_ text: String) -> Double? {
        var total = 0.0
        var digits = ""
        var sawUnit = false
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            guard !digits.isEmpty, digits.count <= 6, let value = Double(digits) else { return nil }
            switch character {
            case "d": total += value * 86_400_000
            case "h": total += value * 3_600_000
            case "m": total += value * 60_000
            case "s": total += value * 1000
            default: return nil
            }
            digits = ""
            sawUnit = true
        }
        return sawUnit && digits.isEmpty ? total : nil
    }

    /// A seconds flag's value: a plain number of seconds (`90`, `0.5`) or a span (`10m`); nil for
    /// anything else, a negative number, infinity or NaN included.
    public static func seconds(_ text: String) -> Double? {
        if let plain = Double(text) { return plain.isFinite && plain >= 0 ? plain : nil }
        return milliseconds(text).map { $0 / 1000 }
    }
}
