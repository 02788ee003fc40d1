import Testing
@testable import SwipeRedisStore

@Suite struct SentinelURLTests {
    @Test(arguments: [
        ("redis-sentinel://127.0.0.1:26379/main", ["127.0.0.1:26379"], "main", nil),
        ("redis-sentinel://s1,s2:26380,10.0.0.7:5000/swipedeck", ["s1:26379", "s2:26380", "10.0.0.7:5000"], "swipedeck", nil),
        ("REDIS-SENTINEL://swipedeck@s1:26379/main", ["s1:26379"], "main", "swipedeck"),
    ] as [(String, [String], String, String?)])
    func parses(text: String, sentinels: [String], master: String, username: String?) throws {
        let url = try SentinelURL(parsing: text)
        #expect(url.sentinels.map { "\($0.host):\($0.port)" } == sentinels)
        #expect(url.master == master)
        #expect(url.username == username)
    }

    @Test func describesItselfWithoutAPassword() throws {
        let url = try SentinelURL(parsing: "redis-sentinel://ops@s1,s2:26380/main")
        #expect(url.description == "redis-sentinel://ops@s1:26379,s2:26380/main")
    }

    @Test(arguments: [
        ("redis://127.0.0.1:26379/main", "is not a Sentinel URL"),
        ("redis-sentinel://s1:26379", "names no primary: add /MASTER"),
        ("redis-sentinel://s1:26379/", "the primary's name after / must be one word"),
        ("redis-sentinel://s1:26379/a/b", "the primary's name after / must be one word"),
        ("redis-sentinel:///main", "names no Sentinel"),
        ("redis-sentinel://s1:26379,,s2/main", "Sentinel 2 is empty"),
        ("redis-sentinel://s1:26379,s2:abc/main", "Sentinel 2 (\"s2:abc\") is not HOST:PORT"),
        ("redis-sentinel://s1:0/main", "Sentinel 1 (\"s1:0\") is not HOST:PORT"),
        ("redis-sentinel://u:pw@s1:26379/main", "SWIPEDECK_SENTINEL_PASSWORD"),
        ("redis-sentinel://@s1:26379/main", "nothing before the @"),
    ] as [(String, String)])
    func refusesSayingWhatIsWrong(text: String, expected: String) {
        expectRefused(text, containing: expected, by: SentinelURL.init(parsing:))
    }
}
