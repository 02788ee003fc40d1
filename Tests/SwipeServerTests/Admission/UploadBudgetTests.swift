import Testing
import SwipeRooms
@testable import SwipeServer

/// Uploads not yet in a room, counted in all and per address: one address cannot take what every
/// host shares, the server's total holds, and what is released is free again.
@Suite struct UploadBudgetTests {
    static let limits = UploadLimits(maxPendingBytes: 1000, maxPendingBytesPerAddress: 400)

    @Test func oneAddressIsHeldToItsShareAndTheServerToItsTotal() {
        var budget = UploadBudget()
        #expect(budget.refusal(adding: 400, for: "a", limits: Self.limits) == nil)
        budget.change("a", by: 300)
        #expect(budget.refusal(adding: 101, for: "a", limits: Self.limits)?.contains("your address holds 300 bytes") == true)
        #expect(budget.refusal(adding: 100, for: "a", limits: Self.limits) == nil)
        budget.change("b", by: 400)
        budget.change("c", by: 250)
        #expect(budget.total == 950)
        #expect(budget.refusal(adding: 60, for: "d", limits: Self.limits)?.contains("the server holds 950 bytes") == true)
        #expect(budget.refusal(adding: 50, for: "d", limits: Self.limits) == nil)
        budget.change("b", by: -400)
        #expect(budget.held(by: "b") == 0 && budget.total == 550)
        #expect(budget.refusal(adding: 400, for: "d", limits: Self.limits) == nil, "released bytes are free again")
    }
}
