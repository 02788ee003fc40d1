import Foundation
import Testing
@testable import SwipeClient

/// The SSH gateway's share per source: what a source is, how many sessions it may hold, what a
/// login past the share reads, and when a prompt nobody types at ends.
@Suite struct GatewayShareTests {
    @Test(arguments: [
        ("203.0.113.9 51234 192.0.2.1 2222", "203.0.113.9", "v4-203-0-113-9"),
        ("127.0.0.2 1 127.0.0.1 2222", "127.0.0.2", "v4-127-0-0-2"),
        ("::ffff:10.0.0.7 1 10.0.0.1 22", "10.0.0.7", "v4-10-0-0-7"),
        ("2001:db8:1:2:aa::5 4000 ::1 2222", "2001:db8:1:2::/64", "v6-2001-db8-1-2"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff 4000 ::1 2222", "2001:db8:1:2::/64", "v6-2001-db8-1-2"),
        ("2001:db8:1:3::1 4000 ::1 2222", "2001:db8:1:3::/64", "v6-2001-db8-1-3"),
        ("::1 22 ::1 2222", "0:0:0:0::/64", "v6-0-0-0-0"),
    ])
    func aSourceIsAnIPv4AddressOrAnIPv6Slash64(_ connection: String, _ description: String, _ fileName: String) throws {
        let source = try #require(GatewaySource(sshConnection: connection))
        #expect(source.description == description)
        #expect(source.fileName == fileName)
        #expect(source.fileName.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" })
    }

    @Test func theIPv6AddressItselfIsKeptForTheServer() {
        #expect(GatewaySource(sshConnection: "2001:db8:1:2:aa::5 4000 ::1 2222")?.address == "2001:db8:1:2:aa::5")
    }

    @Test(arguments: [nil, "", "nonsense 1 2 3", "../../etc 1 2 3", "1.2.3 1 2 3", "300.1.1.1 1 2 3", String(repeating: "1", count: 100)])
    func anythingElseIsNoSource(_ connection: String?) {
        #expect(GatewaySource(sshConnection: connection) == nil)
    }

    @Test(arguments: [(200, nil, 10), (6, nil, 2), (1, nil, 1), (40, nil, 2), (1000, nil, 50), (200, 4, 4), (6, 50, 6), (200, 0, 1)] as [(Int, Int?, Int)])
    func theDefaultShareIsATwentiethAtLeastTwo(_ maxSessions: Int, _ perAddress: Int?, _ expected: Int) {
        #expect(GatewayShare(maxSessions: maxSessions, perAddress: perAddress).perAddress == expected)
    }

    @Test func pastTheShareTheLoginIsToldWhichCountAndStatus75() {
        let share = GatewayShare(maxSessions: 200, perAddress: 3)
        let address = share.refusal(.address), gateway = share.refusal(.gateway)
        #expect(address.message.hasPrefix("too many sessions from your address (3)"))
        #expect(gateway.message.hasPrefix("the gateway is full (200 sessions at once)"))
        #expect(address.status == 75 && gateway.status == 75)
    }

    @Test(arguments: [
        (0.0, [Double](), 0.0, PromptIdle.Decision.wait(seconds: 120)),
        (0, [], 119.5, .wait(seconds: 0.5)),
        (0, [], 120, .end),
        (0, [], 500, .end),
        (0, [100], 200, .wait(seconds: 20)),
        (0, [100], 220, .end),
        (0, [100, 50], 200, .wait(seconds: 20)),   // a line stamped earlier never moves the deadline back
        (10, [], 100, .wait(seconds: 30)),
    ])
    func aPromptNobodyTypesAtEndsAfterTheLimit(_ start: Double, _ lines: [Double], _ now: Double, _ expected: PromptIdle.Decision) {
        var idle = PromptIdle(limit: 120, start: start)
        for line in lines { idle.lineArrived(at: line) }
        #expect(idle.decision(at: now) == expected)
    }

    @Test(arguments: [(120.0, "nothing typed for 2 minutes"), (60, "nothing typed for 1 minute:"), (5, "nothing typed for 5 s")])
    func theFarewellNamesTheLimit(_ limit: Double, _ start: String) {
        #expect(PromptIdle(limit: limit, start: 0).farewell.hasPrefix(start))
    }
}
