import Testing
@testable import SwipeRedisStore

@Suite struct RedisURLTests {
    @Test(arguments: [
        ("redis://127.0.0.1:6379", "127.0.0.1", 6379, 0),
        ("redis://cache", "cache", 6379, 0),
        ("REDIS://cache:6380/2", "cache", 6380, 2),
        ("redis://10.0.0.5:7000/", "10.0.0.5", 7000, 0),
    ] as [(String, String, Int, Int)])
    func parses(text: String, host: String, port: Int, database: Int) throws {
        let url = try RedisURL(parsing: text)
        #expect(url == RedisURL(host: host, port: port, database: database))
    }

    @Test func aUserNameMayBeInTheURLButNotAPassword() throws {
        let url = try RedisURL(parsing: "redis://swipedeck@10.0.0.5:6380/1")
        #expect(url == RedisURL(host: "10.0.0.5", port: 6380, database: 1, username: "swipedeck"))
        #expect(url.description == "redis://swipedeck@10.0.0.5:6380/1")
    }

    @Test(arguments: [
        ("http://127.0.0.1:6379", "is not a Redis URL"),
        ("redis://:6379", "names no host"),
        ("redis://host:0", "port must be a number from 1 to 65535"),
        ("redis://host:99999", "port must be a number from 1 to 65535"),
        ("redis://host:abc", "port must be a number"),
        ("redis://host:6379/x", "database after / must be a number"),
        ("redis://user:secret@host:6379", "a password in the URL is refused"),
        ("redis://:secret@host:6379", "--store-password-file, or in SWIPEDECK_REDIS_PASSWORD"),
        ("redis://@host:6379", "nothing before the @"),
    ] as [(String, String)])
    func refusesSayingWhatIsWrong(text: String, expected: String) {
        expectRefused(text, containing: expected, by: RedisURL.init(parsing:))
    }
}
