import SwipeProtocol
import Testing
@testable import SwipeClient
@testable import SwipeClientCore

/// A refusal's close frame carries the server's reason, so it reaches the person even when the
/// error message before it did not.
@Suite struct ServerLinkRefusalTests {
    /// (close code, close reason, the error read from it)
    @Test(arguments: [
        (1009, "tooLarge: message is larger than 65536 bytes", "message is larger than 65536 bytes"),
        (1009, "tooLarge", nil),
        (1008, "rateLimited: more than 100 messages per second (burst 200)", nil),
        (1000, "tooLarge: message is larger than 65536 bytes", nil),
    ] as [(UInt16, String, String?)])
    func aTooLargeCloseIsReadAsTheServersRefusal(_ code: UInt16, _ reason: String, _ message: String?) {
        let refusal = ServerLink.refusal(closedWith: code, reason: reason)
        #expect(refusal?.message == message)
        #expect(refusal.map { $0.code == .tooLarge } ?? true)
    }

    /// Whichever comes first, the refusal ends a create that was too large with the server's reason (exit 2).
    @Test func theCloseAloneStillEndsTheCreateWithTheServersReason() {
        var model = AppModel(options: ClientOptions(name: "Ann", entry: .join(room: "K7QM-X4TD-9R", role: nil)),
                             size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: 1000))
        update(&model, .connected)
        let refusal = ServerLink.refusal(closedWith: 1009, reason: "tooLarge: message is larger than 65536 bytes")
        var effects = refusal.map { update(&model, .server(.error($0))) } ?? []
        effects += update(&model, .disconnected(reason: "tooLarge: message is larger than 65536 bytes (1009)"))
        let exits = effects.compactMap { if case let .exit(exit) = $0 { exit } else { nil } }
        #expect(exits.count == 1)
        #expect(exits.first?.status == 2, "\(exits)")
        #expect(exits.first?.message?.contains("message is larger than 65536 bytes") == true, "\(exits)")
    }
}
