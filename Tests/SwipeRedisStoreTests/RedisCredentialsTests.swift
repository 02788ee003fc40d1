import Testing
@testable import SwipeRedisStore

@Suite struct RedisCredentialsTests {
    static let variable = RedisCredentials.environmentVariable

    @Test(arguments: [
        // URL user, file contents, environment value → AUTH command (nil: no AUTH)
        (nil, nil, nil, nil),
        (nil, "s3cret\n", nil, ["AUTH", "s3cret"]),
        (nil, "s3cret", nil, ["AUTH", "s3cret"]),
        (nil, "s3cret\r\n", nil, ["AUTH", "s3cret"]),
        (nil, "with spaces: and colons \n", nil, ["AUTH", "with spaces: and colons "]),
        (nil, "swipedeck\ns3cret\n", nil, ["AUTH", "swipedeck", "s3cret"]),
        ("swipedeck", "swipedeck\ns3cret\n", nil, ["AUTH", "swipedeck", "s3cret"]),
        ("swipedeck", "s3cret\n", nil, ["AUTH", "swipedeck", "s3cret"]),
        (nil, nil, "fromenv", ["AUTH", "fromenv"]),
        ("swipedeck", nil, "fromenv", ["AUTH", "swipedeck", "fromenv"]),
        (nil, "fromfile", "fromenv", ["AUTH", "fromfile"]),
        (nil, nil, "", nil),
    ] as [(String?, String?, String?, [String]?)])
    func resolves(user: String?, file: String?, environment: String?, auth: [String]?) throws {
        let credentials = try RedisCredentials.resolve(urlUsername: user, passwordFile: file,
                                                       environment: environment.map { [Self.variable: $0] } ?? [:])
        #expect(credentials?.authCommand == auth)
    }

    @Test(arguments: [
        ("swipedeck", nil, "no password was given"),
        (nil, "\n", "holds no password"),
        (nil, "", "holds no password"),
        (nil, "a\nb\nc\n", "it has 3 lines"),
        ("ann", "bo\npw\n", "give one"),
        (nil, " \npw\n", "must be the user name"),
    ] as [(String?, String?, String)])
    func refusesSayingWhatIsWrong(user: String?, file: String?, expected: String) {
        do {
            _ = try RedisCredentials.resolve(urlUsername: user, passwordFile: file, environment: [:])
            Issue.record("accepted \(String(describing: file))")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func theDescriptionNeverShowsThePassword() {
        let credentials = RedisCredentials(username: "swipedeck", password: "s3cret")
        #expect(!"\(credentials)".contains("s3cret"))
        var configuration = ClusterConfiguration(store: RedisURL(host: "h"), nodeID: "n")
        configuration.credentials = credentials
        #expect(!String(reflecting: configuration).contains("s3cret"))
        #expect(!"\(configuration)".contains("s3cret"))
    }

    /// The Sentinels' password: its own flag and variable, named in every refusal; the data password's variable is not read.
    @Test func theSentinelsPasswordHasItsOwnFlagAndVariable() throws {
        let sentinel = { (file: String?, environment: [String: String]) in
            try RedisCredentials.resolve(urlUsername: nil, passwordFile: file, environment: environment,
                                         flag: "--sentinel-password-file", variable: RedisCredentials.sentinelVariable)
        }
        #expect(try sentinel(nil, ["SWIPEDECK_SENTINEL_PASSWORD": "spw"]) == RedisCredentials(password: "spw"))
        #expect(try sentinel(nil, ["SWIPEDECK_REDIS_PASSWORD": "data"]) == nil)
        #expect(try sentinel("ops\nspw\n", [:]) == RedisCredentials(username: "ops", password: "spw"))
        expectRefused("\n", containing: "--sentinel-password-file holds no password") { try sentinel($0, [:]) }
    }
}
