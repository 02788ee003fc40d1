import Logging
import SwipeProtocol

/// One log line as a JSON object, without the newline: `time` (RFC 3339, UTC, milliseconds),
/// `level`, `label`, `message`, `metadata` (an object; nested values stay objects and arrays) and
/// `source` (the module that logged). Keys are in that fixed order. Pure: the time is given.
///
/// ```swift
/// JSONLogLine.render(time: 0, level: .info, label: "swipe-server", message: "listening",
///                    metadata: ["port": "7681"], source: "SwipeServer")
/// // {"time":"1970-01-01T00:00:00.000Z","level":"info","label":"swipe-server","message":"listening","metadata":{"port":"7681"},"source":"SwipeServer"}
/// ```
public enum JSONLogLine {
    /// The line for one event; `time` is seconds since 1970 (UTC).
    ///
    /// ```swift
    /// JSONLogLine.render(time: 1.5, level: .error, label: "x", message: "a \"b\"", metadata: [:], source: "m")
    /// // {"time":"1970-01-01T00:00:01.500Z","level":"error","label":"x","message":"a \"b\"","metadata":{},"source":"m"}
    /// ```
    public static func render(time: Double, level: Logger.Level, label: String, message: String,
                              metadata: Logger.Metadata, source: String) -> String {
        var line = "{\"time\":\""
        line += timestamp(time)
        line += "\",\"level\":"
        appendString(level.rawValue, to: &line)
        line += ",\"label\":"
        appendString(label, to: &line)
        line += ",\"message\":"
        appendString(message, to: &line)
        line += ",\"metadata\":"
        appendObject(metadata, to: &line)
        line += ",\"source\":"
        appendString(source, to: &line)
        line += "}"
        return line
    }

    /// RFC 3339 in UTC with milliseconds: `2026-11-23T14:52:00.123Z` (proleptic Gregorian calendar).
    ///
    /// ```swift
    /// JSONLogLine.timestamp(951_782_400)   // "2000-02-29T00:00:00.000Z"
    /// ```
    public static func timestamp(_ time: Double) -> String {
        let millis = Int64((time * 1000).rounded(.down))
        let (days, dayMillis) = floorDivide(millis, 86_400_000)
        let date = UTCTimestamp.civilFromDays(Int(days))
        let (year, month, day) = (Int64(date.year), Int64(date.month), Int64(date.day))
        let seconds = dayMillis / 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):"
            + "\(pad(seconds % 60, 2)).\(pad(dayMillis % 1000, 3))Z"
    }

    /// A string as a JSON string literal (quotes, backslashes and control characters escaped).
    ///
    /// ```swift
    /// var out = ""; JSONLogLine.appendString("tab\there", to: &out)   // out == "\"tab\\there\""
    /// ```
    public static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"   // line separators: some readers split lines on them
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private static func appendObject(_ metadata: Logger.Metadata, to out: inout String) {
        out += "{"
        for (index, key) in metadata.keys.sorted().enumerated() {
            if index > 0 { out += "," }
            appendString(key, to: &out)
            out += ":"
            if let value = metadata[key] { appendValue(value, to: &out) }
        }
        out += "}"
    }

    private static func appendValue(_ value: Logger.MetadataValue, to out: inout String) {
        switch value {
        case let .string(text):
            appendString(text, to: &out)
        case let .stringConvertible(convertible):
            appendString(convertible.description, to: &out)
        case let .dictionary(dictionary):
            appendObject(dictionary, to: &out)
        case let .array(values):
            out += "["
            for (index, element) in values.enumerated() {
                if index > 0 { out += "," }
                appendValue(element, to: &out)
            }
            out += "]"
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor, remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
