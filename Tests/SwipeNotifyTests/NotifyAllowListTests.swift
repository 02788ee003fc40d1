import Testing
@testable import SwipeNotify

/// `--notify-allow HOST[,HOST…]` and the URLs it lets a room's `notify` name.
@Suite struct NotifyAllowListTests {
    @Test(arguments: [
        (["hooks.slack.com"], ["hooks.slack.com"]),
        (["Hooks.Slack.COM.,127.0.0.1"], ["hooks.slack.com", "127.0.0.1"]),
        (["a.example, b.example", "c.example"], ["a.example", "b.example", "c.example"]),
        (["[::1]"], ["::1"]),
        ([",,"], []),
        ([], []),
    ])
    func parsesHosts(_ values: [String], _ hosts: [String]) throws {
        #expect(try NotifyAllowList(parsing: values).hosts == Set(hosts))
    }

    @Test(arguments: ["https://hooks.slack.com", "hooks.slack.com:443", "*.slack.com", "a..b", "hooks/x", "exa mple"])
    func refusesWhatIsNotAHost(_ value: String) {
        #expect(throws: NotifyAllowListError.self) { try NotifyAllowList(parsing: [value]) }
        do { _ = try NotifyAllowList(parsing: [value]) } catch { #expect(error.description.contains("--notify-allow")) }
    }

    @Test(arguments: [
        ("https://hooks.slack.com/services/T0/B0/x", true),
        ("https://HOOKS.slack.com./services/x", true),
        ("http://127.0.0.1:8080/hook", true),
        ("https://hooks.slack.com:8443/x?a=1&b=2", true),
        ("http://[::1]:9000/x", true),
        ("https://hooks.slack.com", true),
        ("https://evil.example/x", false),
        ("ftp://hooks.slack.com/x", false),
        ("file:///etc/passwd", false),
        ("https://user:pw@hooks.slack.com/x", false),
        ("https://hooks.slack.com@evil.example/x", false),
        ("https://evil.example#@hooks.slack.com/", false),
        ("https://evil.example\\@hooks.slack.com/", false),
        ("https://hooks.slack.com.evil.example/x", false),
        ("https://hooks.slack.com:0/x", false),
        ("https://hooks.slack.com:99999/x", false),
        ("https://hooks.slack.com:/x", false),
        ("https:// hooks.slack.com/x", false),
        ("https://hooks.slack.com/x y", false),
        ("https://hooks.slack.com/\u{0}", false),
        ("https://::1/x", false),
        ("hooks.slack.com/x", false),
        ("", false),
    ])
    func checksURLs(_ url: String, _ allowed: Bool) throws {
        let list = try NotifyAllowList(parsing: ["hooks.slack.com,127.0.0.1,::1"])
        let refusal = list.refusal(for: url)
        #expect((refusal == nil) == allowed, "\(url): \(refusal ?? "allowed")")
        if let refusal { #expect(refusal.hasPrefix("create: notify:")) }
    }

    @Test func aHostNotListedIsRefusedNamingTheFlag() throws {
        let refusal = try #require(NotifyAllowList().refusal(for: "https://hooks.example/x"))
        #expect(refusal.contains("--notify-allow") && refusal.contains("hooks.example"))
        let listed = try #require(try NotifyAllowList(parsing: ["a.example"]).refusal(for: "https://b.example/x"))
        #expect(listed.contains("--notify-allow lists a.example"))
    }

    @Test func aURLTooLongIsRefused() throws {
        let list = try NotifyAllowList(parsing: ["hooks.slack.com"])
        #expect(list.refusal(for: "https://hooks.slack.com/" + String(repeating: "x", count: 2100)) != nil)
    }

    @Test func readsPorts() {
        #expect(WebhookURL(parsing: "http://127.0.0.1:8080/x")?.port == 8080)
        #expect(WebhookURL(parsing: "https://h.example/x")?.port == nil)
        #expect(WebhookURL(parsing: "http://[::1]:9/x")?.host == "::1")
    }
}
