import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeRoomDriver

@Suite struct SleepingClosesTests {
    @Test func keepsTheEarliestFirstWhateverTheOrderOfArrival() {
        var closes = SleepingCloses()
        closes.insert("CCCC-CCCC-CC", at: 3_000)
        closes.insert("AAAA-AAAA-AA", at: 1_000)
        closes.insert("BBBB-BBBB-BB", at: 1_000)
        #expect(closes.closes.map(\.code) == ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC"])
        closes.insert("AAAA-AAAA-AA", at: 5_000)   // moved, not doubled
        #expect(closes.closes.map(\.code) == ["BBBB-BBBB-BB", "CCCC-CCCC-CC", "AAAA-AAAA-AA"])
        closes.remove("BBBB-BBBB-BB")
        #expect(closes.first?.code == "CCCC-CCCC-CC" && closes.count == 2)
    }

    @Test func manyAtOnceAreSortedOnce() {
        var closes = SleepingCloses()
        closes.insert("ZZZZ-ZZZZ-ZZ", at: 10)
        closes.insert(contentsOf: (0..<100).reversed().map { SleepingCloses.Close(deadline: Double($0), code: RoomCode("R\($0)")) })
        #expect(closes.count == 101)
        #expect(closes.closes.map(\.deadline) == closes.closes.map(\.deadline).sorted())
        #expect(closes.first?.code == "R0")
    }
}
