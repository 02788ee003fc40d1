import SwipeRooms
import Testing

/// The one rule for how long a room nobody is connected to is kept, wherever it is.
@Suite struct RoomLifetimeTests {
    static let lifetime = RoomLifetime(abandoned: 1_800_000, unjoined: 120_000, keepDecided: 604_800_000)

    /// (closing time, last left, only its creator joined, forgotten at)
    static let rows: [(ServerTime?, ServerTime, Bool, ServerTime)] = [
        (nil, 10_000, false, 1_810_000),          // abandoned: 30 minutes after the last one left
        (nil, 10_000, true, 130_000),             // unjoined: 2 minutes
        (50_000, 10_000, false, 604_850_000),     // a closing time: a week after it, whoever left when
        (50_000, 900_000_000, true, 604_850_000), // however late someone left, and whoever joined
    ]

    @Test(arguments: rows) func aRoomIsForgottenByOneRule(row: (ServerTime?, ServerTime, Bool, ServerTime)) {
        #expect(Self.lifetime.forgetAt(closesAt: row.0, lastLeft: row.1, onlyItsCreator: row.2) == row.3)
    }

    @Test func anUnjoinedTimeoutLongerThanTheAbandonedOneIsTheAbandonedOne() {
        let lifetime = RoomLifetime(abandoned: 60_000, unjoined: 120_000)
        #expect(lifetime.forgetAt(closesAt: nil, lastLeft: 0, onlyItsCreator: true) == 60_000)
        #expect(RoomLifetime(abandoned: 60_000).unjoined == 60_000)
    }
}
