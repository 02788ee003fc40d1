import Testing
@testable import SwipeClient

/// The picture cache and the SSH gateway's member folders: what goes, oldest first.
@Suite struct OldestFirstTrimTests {
    static let day = 86_400.0
    static let entries: [OldestFirstTrim.Entry] = [
        .init(name: "old", lastUsed: 0, bytes: 100), .init(name: "mid", lastUsed: 50 * day, bytes: 300),
        .init(name: "new", lastUsed: 99 * day, bytes: 200),
    ]

    @Test(arguments: [
        (OldestFirstTrim(maxAge: 90 * day, maxCount: nil, maxBytes: nil), Set<String>(), ["old"]),             // unused for 100 days
        (OldestFirstTrim(maxAge: 30 * day, maxCount: nil, maxBytes: nil), [], ["old", "mid"]),
        (OldestFirstTrim(maxAge: nil, maxCount: 1, maxBytes: nil), [], ["old", "mid"]),
        (OldestFirstTrim(maxAge: nil, maxCount: nil, maxBytes: 500), [], ["old"]),                            // 600 → 500
        (OldestFirstTrim(maxAge: nil, maxCount: nil, maxBytes: 250), [], ["old", "mid"]),
        (OldestFirstTrim(maxAge: nil, maxCount: nil, maxBytes: 100), [], ["old", "mid", "new"]),
        (OldestFirstTrim(maxAge: nil, maxCount: nil, maxBytes: 100), ["old"], ["mid", "new"]),                // in use: kept, still counted
        (OldestFirstTrim(maxAge: 90 * day, maxCount: nil, maxBytes: nil), ["old"], []),
        (OldestFirstTrim(maxAge: nil, maxCount: nil, maxBytes: nil), [], []),
        (OldestFirstTrim(maxAge: 200 * day, maxCount: 3, maxBytes: 600), [], []),
    ] as [(OldestFirstTrim, Set<String>, [String])])
    func theOldestGoFirstUntilWithinEveryLimit(_ trim: OldestFirstTrim, _ keeping: Set<String>, _ expected: [String]) {
        #expect(trim.victims(Self.entries.reversed(), now: 100 * Self.day, keeping: keeping) == expected)
    }
}
