import Foundation
import Testing
@testable import SwipeClient

/// lws's terse connect failures, said in words a person can act on.
@Suite struct ConnectDiagnosisTests {
    @Test func aTLSFailureSaysSo() {
        let why = ConnectDiagnosis.explain(host: "127.0.0.1", port: 9, lwsDetail: "connect SSL err 1: error:00000001:lib(0)::reason(1)")
        #expect(why.hasPrefix("TLS handshake failed (connect SSL err 1"), "\(why)")
    }

    @Test func aTLSFailureSaysHowToTrustASelfSignedCertificate() {
        let without = ConnectDiagnosis.tlsFailure("connect SSL err 1", certFile: nil)
        #expect(without.contains("run with SSL_CERT_FILE=cert.pem"), "\(without)")
        let with = ConnectDiagnosis.tlsFailure("connect SSL err 1", certFile: "/tmp/nope.pem")
        #expect(with.contains("SSL_CERT_FILE names /tmp/nope.pem"), "\(with)")
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

    /// (the status the server answered the upgrade with, the start of what the user reads)
    static let refusals: [(Int, String)] = [
        (429, "the server turned the connection away: too many connections from your address"),
        (403, "the server refused this client (HTTP 403"),
        (503, "the server answered HTTP 503 instead of opening a WebSocket"),
    ]

    @Test(arguments: refusals)
    func anUpgradeAnsweredWithAStatusSaysWhat(_ status: Int, _ start: String) {
        let why = ConnectDiagnosis.handshakeRefusal(status: status)
        #expect(why.hasPrefix(start), "\(why)")
    }

    /// A port that answers TCP (the handshake is what failed): the status decides what is said.
    @Test(arguments: [(Int?.none, "HS: ws upgrade response not 101"), (429, "the server turned the connection away")])
    func aListeningPortIsExplainedByTheStatusItAnswered(_ status: Int?, _ start: String) throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        let why = ConnectDiagnosis.explain(host: "127.0.0.1", port: listener.port,
                                           lwsDetail: "HS: ws upgrade response not 101", httpStatus: status)
        #expect(why.hasPrefix(start), "\(why)")
    }
}
