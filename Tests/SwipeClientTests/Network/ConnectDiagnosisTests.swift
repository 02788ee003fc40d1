import Testing
@testable import SwipeClient

/// lws's terse connect failures, said in words a person can act on.
@Suite struct ConnectDiagnosisTests {
    @Test func aTLSFailureSaysSo() {
        let why = ConnectDiagnosis.explain(host: "127.0.0.1", port: 9, lwsDetail: "connect SSL err 1: error:00000001:lib(0)::reason(1)")
        #expect(why.hasPrefix("TLS handshake failed (connect SSL err 1"), "\(why)")
    }

    @Test func aNameThatDoesNotResolveSaysSo() {
        let why = ConnectDiagnosis.explain(host: "no-such-host.invalid", port: 80, lwsDetail: "Unable to connect")
        #expect(why.hasPrefix("the name \"no-such-host.invalid\" could not be resolved"), "\(why)")
    }

    @Test func aClosedPortIsRefused() {
        // Port 9 (discard) has no listener on this machine's loopback.
        let why = ConnectDiagnosis.explain(host: "127.0.0.1", port: 9, lwsDetail: "Unable to connect")
        #expect(why == "connection refused (nothing listens on 127.0.0.1 port 9)")
    }

    /// (lws's detail with the status the server answered, the start of what the user reads)
    static let refusals: [(String, String?)] = [
        ("HS: ws upgrade response not 101 (HTTP 429)", "the server turned the connection away: too many connections from your address"),
        ("HS: ws upgrade response not 101 (HTTP 403)", "the server refused this client (HTTP 403"),
        ("HS: ws upgrade response not 101 (HTTP 503)", "the server answered HTTP 503 instead of opening a WebSocket"),
        ("HS: ws upgrade response not 101", nil),
        ("HS: ws upgrade response not 101 (HTTP x)", nil),
    ]

    @Test(arguments: refusals)
    func anUpgradeAnsweredWithAStatusSaysWhat(_ detail: String, _ start: String?) {
        let why = ConnectDiagnosis.handshakeRefusal(detail)
        #expect(why.map { $0.hasPrefix(start ?? "\u{0}") } ?? (start == nil), "\(why ?? "nil")")
    }
}
