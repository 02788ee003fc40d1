import Foundation
import Testing
import SwipeClient
import SwipeProtocol

/// `--tls-cert` / `--tls-key`: the same protocol over wss://, with a throwaway self-signed certificate.
@Suite(.serialized) struct ServerTLSTests {
    static let openssl = "/usr/bin/openssl"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: openssl)))
    func aSessionWorksOverTLS() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (certificate, key) = try Self.makeCertificate(in: directory)
        let server = try ServerProcess(arguments: ["--tls-cert", certificate, "--tls-key", key])
        let socket = try BlockingWebSocket(url: try WebSocketURL(parsing: "wss://127.0.0.1:\(server.port)/"),
                                           timeout: ServerSessionTests.wait, insecure: true)
        socket.send(.create(CreateRoom(name: "Ann", deck: "world-cinema", pacing: .free)))
        let welcome = try #require(ServerSessionTests.welcome(socket))
        #expect(welcome.room.visible.first?.title == "千と千尋の神隠し")
        socket.send(.ping(Ping(t: 7)))
        guard case let .pong(pong)? = ServerSessionTests.next(socket, "pong") else { Issue.record("no pong over TLS"); return }
        #expect(pong.t == 7)
        #expect(server.terminate() == 0)
    }

    /// A throwaway self-signed certificate and key for 127.0.0.1 in `directory`.
    static func makeCertificate(in directory: URL) throws -> (certificate: String, key: String) {
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("cert.pem").path
        let make = Process()
        make.executableURL = URL(fileURLWithPath: openssl)
        make.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                          "-days", "1", "-subj", "/CN=127.0.0.1"]
        make.standardOutput = FileHandle.nullDevice
        make.standardError = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        guard make.terminationStatus == 0 else { throw ServerProcess.Failure(description: "openssl req failed") }
        return (certificate, key)
    }
}
