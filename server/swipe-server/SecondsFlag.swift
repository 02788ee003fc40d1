// Reading a seconds flag's value on the starting thread, before anything runs: a plain number
// (`--hibernate-after 90`) or a span as people write one (`--keep-decided 7d`, `10m`, `1h30m`).
import ArgumentParser
import SwipeProtocol

/// The transform of every seconds flag, so that each reads `90`, `90s`, `10m`, `2h` and `7d` alike
/// and a bad value is refused naming the flag, the value and what it may be.
///
/// ```swift
/// @Option(name: .customLong("keep-decided"), help: "…", transform: SecondsFlag.parse) var keepDecided: Double = 604_800
/// try SecondsFlag.parse("7d")   // 604_800
/// ```
enum SecondsFlag {
    /// What every seconds flag's help says it also takes.
    static let orSpan = "(or a span: 10m, 2h, 7d)"
    static let orWholeSpan = "(or a span: 30s, 5m)"

    static func parse(_ text: String) throws -> Double {
        guard let seconds = TimeSpan.seconds(text) else { throw ValidationError("give \(TimeSpan.hint)") }
        return seconds
    }

    /// The same for a flag lws counts in whole seconds (`--ping-interval 1m`): a fraction is refused.
    static func parseWhole(_ text: String) throws -> Int {
        guard let seconds = TimeSpan.seconds(text), seconds <= 86_400 * 366, seconds == seconds.rounded(.down) else {
            throw ValidationError("give whole seconds, or a span such as 30s, 5m or 1h")
        }
        return Int(seconds)
    }
}
