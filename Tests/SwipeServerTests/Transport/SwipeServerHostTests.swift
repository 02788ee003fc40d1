import SwipeBackend
import SwipeStoreChoice
import Testing
@testable import SwipeServer

/// The host in-process, as `swipe demo` and the benchmarks use it.
@Suite(.serialized) struct SwipeServerHostTests {
    @Test func startsOnAnEphemeralPortAndStopsCleanly() throws {
        let host = SwipeServerHost(configuration: ServerConfiguration(port: 0, store: .memory))
        let port = try host.start()
        #expect(port > 0)
        #expect(host.port == port)
        #expect(try host.start() == port)   // starting twice is harmless
        #expect(host.status()?.rooms == 0)
        #expect(host.status()?.connections == 0)
        #expect(host.results(room: "2222-2222-22") == nil)

        // The same port cannot be bound twice: a clear error, no crash.
        let second = SwipeServerHost(configuration: ServerConfiguration(port: port, store: .memory))
        #expect(throws: ServerStartError.self) { try second.start() }

        host.stop()
        host.stop()   // stopping twice is harmless
        host.waitUntilStopped()
        #expect(host.status() == nil)
    }

    @Test func tlsNeedsBothFiles() {
        let host = SwipeServerHost(configuration: ServerConfiguration(port: 0, tlsCertificatePath: "/tmp/cert.pem", store: .memory))
        #expect(throws: ServerStartError.self) { try host.start() }
    }
}
