import Foundation
import Testing
@testable import SwipeClient
@testable import SwipeClientCore

/// A throwaway self-signed certificate made with the openssl tool.
private func makeSelfSignedCertificate() throws -> (cert: String, key: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let cert = directory.appendingPathComponent("cert.pem").path
    let key = directory.appendingPathComponent("key.pem").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                         "-days", "1", "-subj", "/CN=swipedeck-test"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return (cert, key)
}

@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
struct WebSocketClientLoopTLSTests {
    @Test func insecureConnectAcceptsASelfSignedServer() throws {
        let server = try EchoServer(tls: try makeSelfSignedCertificate())
        defer { server.stop() }
        let log = EventLog()
        let loop = try WebSocketClientLoop(onEvent: log.record)
        defer { loop.shutdown() }
        let url = try WebSocketURL(parsing: server.url)
        #expect(url.scheme == .wss)
        let id = loop.connect(url, insecure: true)
        loop.send(Array("over tls".utf8), on: id)
        let events = log.wait { $0.contains { $0.messageText != nil || $0.isTerminal } }
        #expect(events.compactMap(\.messageText) == ["over tls"])
    }

    /// A loop made without TLS (so that it does not disturb other loops' handshakes) says so when
    /// asked for wss://, instead of trying.
    @Test func aLoopWithoutTLSRefusesWSSAtOnce() throws {
        let log = EventLog()
        let loop = try WebSocketClientLoop(tls: false, onEvent: log.record)
        defer { loop.shutdown() }
        let id = loop.connect(try WebSocketURL(parsing: "wss://127.0.0.1:9/"))
        let events = log.wait { $0.contains(where: \.isTerminal) }
        guard case let .connectFailed(failedID, reason, _)? = events.last else {
            Issue.record("expected connectFailed, got \(events)")
            return
        }
        #expect(failedID == id)
        #expect(reason.contains("without TLS"), "\(reason)")
    }

    @Test func verifiedConnectRejectsASelfSignedServer() throws {
        let server = try EchoServer(tls: try makeSelfSignedCertificate())
        defer { server.stop() }
        let log = EventLog()
        let loop = try WebSocketClientLoop(onEvent: log.record)
        defer { loop.shutdown() }
        let id = loop.connect(try WebSocketURL(parsing: server.url))
        let events = log.wait { $0.contains(where: \.isTerminal) }
        guard case let .connectFailed(failedID, _, _)? = events.last else {
            Issue.record("expected connectFailed, got \(events)")
            return
        }
        #expect(failedID == id)
    }
}
