import Testing
import SwipeProtocol
@testable import SwipeServer

@Suite struct AddressLedgerTests {
    @Test func socketsArePerAddressUpToTheCapAndGivenBack() {
        var ledger = AddressLedger()
        let admitted = (1...4).map { ledger.admit(socket: $0, address: "10.0.0.7", cap: 3, at: 0) }
        #expect(admitted == [true, true, true, false])
        let again = ledger.admit(socket: 2, address: "10.0.0.7", cap: 3, at: 0)   // the same socket again: a keep-alive request
        let other = ledger.admit(socket: 9, address: "10.0.0.8", cap: 3, at: 0)   // another address
        #expect(again && other)
        ledger.release(socket: 1)
        #expect(ledger.sockets(of: "10.0.0.7") == 2)
        let freed = ledger.admit(socket: 5, address: "10.0.0.7", cap: 3, at: 0)
        #expect(freed)
        ledger.release(socket: 42)   // never admitted: nothing happens
        #expect(ledger.sockets(of: "10.0.0.7") == 3)
        let uncapped = (10...20).map { ledger.admit(socket: $0, address: "10.0.0.9", cap: 0, at: 0) }
        #expect(uncapped.allSatisfy { $0 })   // 0: no cap
    }

    @Test func roomsAreCountedUntilTheyAreGone() {
        var ledger = AddressLedger()
        ledger.created(room: "AAAA-AAAA-AA", by: "10.0.0.7")
        ledger.created(room: "BBBB-BBBB-BB", by: "10.0.0.7")
        ledger.created(room: "CCCC-CCCC-CC", by: "10.0.0.8")
        #expect(ledger.rooms(createdBy: "10.0.0.7") == 2)
        ledger.removed(room: "AAAA-AAAA-AA")
        #expect(ledger.rooms(createdBy: "10.0.0.7") == 1)
        #expect(ledger.rooms(createdBy: "10.0.0.9") == 0)
    }

    @Test func anAddressesSocketsAreListedLongestHeldFirst() {
        var ledger = AddressLedger()
        for (socket, time) in [(1, 100.0), (2, 200), (4, 250), (3, 300)] {
            _ = ledger.admit(socket: socket, address: socket == 4 ? "10.0.0.8" : "10.0.0.7", cap: 0, at: time)
        }
        _ = ledger.admit(socket: 2, address: "10.0.0.7", cap: 0, at: 900)   // a keep-alive request keeps its age
        ledger.release(socket: 1)
        #expect(ledger.sockets(heldBy: "10.0.0.7").map(\.socket) == [2, 3])
        #expect(ledger.sockets(heldBy: "10.0.0.7").map(\.since) == [200, 300])
        ledger.created(room: "AAAA-AAAA-AA", by: "10.0.0.7")
        ledger.created(room: "BBBB-BBBB-BB", by: "10.0.0.8")
        #expect(ledger.codes(createdBy: "10.0.0.7") == ["AAAA-AAAA-AA"])
    }

    /// (soft limit, descriptors kept back from lws)
    @Test(arguments: [(96, 24), (1024, 128), (20, 8), (524_288, 128)])
    func theDescriptorReserveIsAQuarterAtMost128(soft: Int, reserve: Int) {
        #expect(DescriptorLimit.reserve(for: soft) == reserve)
    }
}
