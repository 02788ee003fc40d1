import Testing
@testable import SwipeRedisStore

@Suite struct SentinelResolverTests {
    static let url = SentinelURL(sentinels: [RedisURL(host: "s1", port: 26379), RedisURL(host: "s2", port: 26379)], master: "main")
    static let ask = ["SENTINEL", "get-master-addr-by-name", "main"]

    static func address(_ host: String, _ port: String) -> RedisValue { .array([.string(Array(host.utf8)), .string(Array(port.utf8))]) }
    static func role(_ role: String) -> RedisValue { .array([.string(Array(role.utf8)), .integer(0), .array([])]) }

    @Test func asksTheFirstSentinelAndConfirmsWithRole() {
        var resolver = SentinelResolver(url: Self.url)
        #expect(resolver.start() == .ask(sentinel: RedisURL(host: "s1", port: 26379), command: Self.ask))
        #expect(resolver.sentinelAnswered(Self.address("10.0.0.5", "6380"))
            == .confirm(primary: RedisURL(host: "10.0.0.5", port: 6380), command: ["ROLE"]))
        #expect(resolver.roleAnswered(Self.role("master")) == .found(RedisURL(host: "10.0.0.5", port: 6380)))
    }

    /// Each way a Sentinel can fail sends the resolver to the next one.
    @Test(arguments: [
        "unreachable", "unknown master", "error", "replica", "primary unreachable", "role refused",
    ])
    func aFailingSentinelPassesToTheNext(failure: String) {
        var resolver = SentinelResolver(url: Self.url)
        _ = resolver.start()
        let next: SentinelResolver.Step
        switch failure {
        case "unreachable": next = resolver.sentinelUnreachable("Connection refused")
        case "unknown master": next = resolver.sentinelAnswered(.null)
        case "error": next = resolver.sentinelAnswered(.error("NOAUTH Authentication required."))
        case "replica":
            _ = resolver.sentinelAnswered(Self.address("10.0.0.5", "6379"))
            next = resolver.roleAnswered(Self.role("slave"))
        case "primary unreachable":
            _ = resolver.sentinelAnswered(Self.address("10.0.0.5", "6379"))
            next = resolver.primaryUnreachable("Connection refused")
        default:
            _ = resolver.sentinelAnswered(Self.address("10.0.0.5", "6379"))
            next = resolver.roleAnswered(.error("NOPERM"))
        }
        #expect(next == .ask(sentinel: RedisURL(host: "s2", port: 26379), command: Self.ask))
    }

    @Test func failsNamingWhatEachSentinelSaid() {
        var resolver = SentinelResolver(url: Self.url)
        _ = resolver.start()
        _ = resolver.sentinelUnreachable("Connection refused")
        _ = resolver.sentinelAnswered(Self.address("10.0.0.5", "6379"))
        guard case let .failed(reason) = resolver.roleAnswered(Self.role("slave")) else {
            Issue.record("did not fail")
            return
        }
        #expect(reason.contains("Sentinel s1:26379 cannot be reached: Connection refused"), "\(reason)")
        #expect(reason.contains("Sentinel s2:26379 named 10.0.0.5:6379, whose ROLE is slave, not master"), "\(reason)")
        #expect(resolver.start() == .ask(sentinel: RedisURL(host: "s1", port: 26379), command: Self.ask))
    }

    @Test func anUnknownNameSaysWhereTheNameComesFrom() {
        var resolver = SentinelResolver(url: SentinelURL(sentinels: [RedisURL(host: "s1", port: 26379)], master: "mian"))
        _ = resolver.start()
        guard case let .failed(reason) = resolver.sentinelAnswered(.null) else { Issue.record("did not fail"); return }
        #expect(reason.contains("knows no primary named \"mian\""), "\(reason)")
        #expect(reason.contains("sentinel monitor mian"), "\(reason)")
    }

    @Test func aSentinelAskingForAPasswordSaysWhereItGoes() {
        var resolver = SentinelResolver(url: SentinelURL(sentinels: [RedisURL(host: "s1", port: 26379)], master: "main"))
        _ = resolver.start()
        guard case let .failed(reason) = resolver.sentinelAnswered(.error("NOAUTH Authentication required.")) else {
            Issue.record("did not fail")
            return
        }
        #expect(reason.contains("NOAUTH") && reason.contains("--sentinel-password-file") && reason.contains("SWIPEDECK_SENTINEL_PASSWORD"), "\(reason)")
    }

    @Test(arguments: [
        ("main 10.0.0.5 6379 10.0.0.6 6380", RedisURL(host: "10.0.0.6", port: 6380)),
        ("other 10.0.0.5 6379 10.0.0.6 6380", nil),
        ("main 10.0.0.5 6379", nil),
        ("main 10.0.0.5 6379 10.0.0.6 port", nil),
    ] as [(String, RedisURL?)])
    func readsSwitchMaster(message: String, primary: RedisURL?) {
        #expect(SentinelResolver(url: Self.url).switched(message) == primary)
    }
}
