import Foundation
import Testing

/// The server's seconds flags read a number or a span (`--keep-decided 7d`) and refuse anything
/// else naming the flag, the value and what it may be, with status 64.
@Suite struct ServerSecondsFlagTests {
    @Test(arguments: [
        ("--hibernate-after", "5x"), ("--keep-decided", "seven days"), ("--restart-grace", "-1"),
        ("--abandoned-room-timeout", "1w"), ("--drop-grace", "nan"), ("--ping-interval", "1.5"), ("--idle-timeout", "2x"),
    ])
    func aBadSpanIsRefusedNamingTheFlag(_ flag: String, _ value: String) throws {
        let run = try BinariesTests.run("swipe-server", ["--port", "0", "--data", ":memory:", "\(flag)=\(value)"])
        #expect(run.status == 64, "\(flag) \(value): \(run.status) \(run.output)")
        #expect(run.output.contains(flag) && run.output.contains("'\(value)'") && (run.output.contains("10m, 2h, 7d") || run.output.contains("whole seconds")),
                "\(flag) \(value): \(run.output)")
    }

    @Test func spansAreTakenAsPeopleWriteThem() throws {
        let server = try ServerProcess(arguments: ["--keep-decided", "7d", "--hibernate-after", "1m30s", "--restart-grace", "90s",
                                                   "--abandoned-room-timeout", "2h", "--unjoined-room-timeout", "30",
                                                   "--ping-interval", "1m", "--idle-timeout", "2m"])
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.terminate() == 0, "SIGTERM: exits 0")
    }
}
