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
}
