import SwipeProtocol
import Testing

/// How a span of time is read on a command line: the client's `--until 90m` and the server's
/// seconds flags (`--keep-decided 7d`) read it the same way.
@Suite struct TimeSpanTests {
    @Test(arguments: [
        ("45s", 45_000.0), ("90m", 5_400_000), ("3h", 10_800_000), ("2d", 172_800_000), ("1h30m", 5_400_000),
        ("1D", 86_400_000), ("0s", 0),
    ] as [(String, Double)])
    func aSpanIsItsUnitsAddedUp(_ text: String, _ milliseconds: Double) {
        #expect(TimeSpan.milliseconds(text) == milliseconds)
    }

    @Test(arguments: ["", "90", "m", "1.5h", "10 m", "1h30", "3w", "-5m", "1234567s", "ten minutes"])
    func anythingElseIsNoSpan(_ text: String) {
        #expect(TimeSpan.milliseconds(text) == nil)
    }

    @Test(arguments: [
        ("90", 90.0), ("0", 0), ("0.5", 0.5), ("10m", 600), ("7d", 604_800), ("1m30s", 90),
    ] as [(String, Double)])
    func aSecondsFlagTakesANumberOrASpan(_ text: String, _ seconds: Double) {
        #expect(TimeSpan.seconds(text) == seconds)
    }

    @Test(arguments: ["-1", "inf", "nan", "5x", "", "1e400"])
    func aSecondsFlagRefusesWhatIsNoTimeAhead(_ text: String) {
        #expect(TimeSpan.seconds(text) == nil)
    }
}
