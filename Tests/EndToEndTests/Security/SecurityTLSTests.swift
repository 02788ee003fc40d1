import Foundation
import Testing
import SwipeClient
import SwipeProtocol

/// wss:// with a certificate made in the test (openssl); a plain ws:// client is not served on the TLS port.
@Suite struct SecurityTLSTests {
    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: openssl != nil, "openssl is not installed: the wss test needs it to make a certificate"))
    func aRoomOverWssWithATestCertificate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let make = Process()
        make.executableURL = URL(fileURLWithPath: Self.openssl ?? "openssl")
        make.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
                          "-keyout", directory + "/key.pem", "-out", directory + "/cert.pem"]
        make.standardOutput = FileHandle.nullDevice
        make.standardError = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        let server = try ServerProcess(arguments: ["--tls-cert", directory + "/cert.pem", "--tls-key", directory + "/key.pem"])
        let url = try WebSocketURL(parsing: "wss://127.0.0.1:\(server.port)/")
        let ann = try BlockingWebSocket(url: url, timeout: 10, insecure: true)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies")))
        guard case let .welcome(welcome)? = ann.receive(until: { $0.type == "welcome" }, timeout: 10) else {
            Issue.record("no welcome over wss")
            return
        }
        let bo = try BlockingWebSocket(url: url, timeout: 10, insecure: true)
        bo.send(.join(JoinRoom(room: welcome.room.code, name: "Bo")))
        #expect(bo.receive(until: { $0.type == "welcome" }, timeout: 10) != nil)
        // Plain ws:// on the TLS port does not get a room.
        let plain = try? BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 5)
        if let plain {
            plain.send(.create(CreateRoom(name: "Eve", deck: "movies")))
            #expect(plain.receive(until: { $0.type == "welcome" }, timeout: 3) == nil)
        }
        #expect(server.terminate() == 0)
    }
}
