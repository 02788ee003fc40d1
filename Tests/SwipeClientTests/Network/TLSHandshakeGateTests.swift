import Foundation
import Testing
@testable import SwipeClient
@testable import SwipeClientCore

/// lws 4.1 re-takes a process-wide OpenSSL index for every TLS context; the gate keeps making one
/// apart from client handshakes in flight (see `TLSHandshakeGate`).
@Suite(.serialized) struct TLSHandshakeGateTests {
    final class Order: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var steps: [String] = []
        func append(_ step: String) {
            lock.lock()
            steps.append(step)
            lock.unlock()
        }
    }

    @Test func aTLSContextWaitsForAHandshakeInFlight() {
        let order = Order()
        let made = DispatchSemaphore(value: 0)
        TLSHandshakeGate.handshakeStarted()
        Thread {
            TLSHandshakeGate.makingContext { order.append("context made") }
            made.signal()
        }.start()
        order.append("handshake ended")
        TLSHandshakeGate.handshakeEnded()
        #expect(made.wait(timeout: .now() + TLSHandshakeGate.patience + 5) == .success)
        #expect(order.steps == ["handshake ended", "context made"])
    }

    @Test func aFailedWSSConnectLeavesNoHandshakeCounted() throws {
        let log = EventLog()
        let loop = try WebSocketClientLoop(onEvent: log.record)
        defer { loop.shutdown() }
        let before = TLSHandshakeGate.handshakesInFlight
        _ = loop.connect(try WebSocketURL(parsing: "wss://127.0.0.1:9/"))   // nothing listens on port 9
        let events = log.wait { $0.contains(where: \.isTerminal) }
        #expect(events.contains { if case .connectFailed = $0 { return true } else { return false } })
        // Other suites' TLS handshakes (run alongside) move the process-wide count for a moment:
        // wait until it is back to what it was; one left behind by this connect never goes.
        let deadline = Date().addingTimeInterval(5)
        while TLSHandshakeGate.handshakesInFlight > before, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(TLSHandshakeGate.handshakesInFlight <= before)
    }
}
