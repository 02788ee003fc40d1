import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The raw-read checks over wss:// and https:// too (in the SSL_read interposer, after TLS): an
/// unmasked client frame gets the connection closed with 1002 (RFC 6455 §5.1), a request head too
/// large for lws gets 431. The client is `openssl s_client` carrying raw bytes, since no WebSocket
/// library sends unmasked frames.
@Suite(.serialized) struct SecurityTLSReadTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ServerTLSTests.openssl)))
    func anUnmaskedFrameOverTLSCloses1002() throws {
        try Self.withRawTLSClient { server, input, output in
            let key64 = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            input.fileHandleForWriting.write(Data(("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key64)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
            var received = Self.read(output, until: { Self.find([13, 10, 13, 10], in: $0) != nil })
            #expect(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 101"))
            received = []
            input.fileHandleForWriting.write(Data([0x89, 0x04] + Array("ping".utf8)))   // a ping without a mask
            received = Self.read(output, until: { $0.contains(0x88) })
            #expect(!received.starts(with: [0x8A]), "an unmasked ping got a pong over TLS")
            let close = Self.find([0x88], in: received).map { Array(received[$0...]) } ?? []
            #expect(close.count >= 4 && Int(close[2]) << 8 | Int(close[3]) == 1002, "got \(received)")
            #expect(FreshClient.createsARoomAndVotes(on: server, tls: true), "the server serves others as before")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ServerTLSTests.openssl)))
    func aHeaderFloodOverTLSGets431() throws {
        try Self.withRawTLSClient { server, input, output in
            let flood = (0..<150).map { "X-Flood-\($0): " + String(repeating: "a", count: 100) + "\r\n" }.joined()   // 15 KB
            input.fileHandleForWriting.write(Data(("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n" + flood + "\r\n").utf8))
            let answer = String(decoding: Self.read(output, until: { Self.find([13, 10, 13, 10], in: $0) != nil }), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 431"), "got \(answer.prefix(80))")
            #expect(FreshClient.createsARoomAndVotes(on: server, tls: true))
        }
    }

    /// A swipe-server with a throwaway certificate, and `openssl s_client` connected to it: what
    /// `body` writes to the input pipe goes out encrypted as it is. Both are stopped afterwards.
    static func withRawTLSClient(_ body: (ServerProcess, Pipe, Pipe) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-tls-raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (certificate, key) = try ServerTLSTests.makeCertificate(in: directory)
        let server = try ServerProcess(arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { server.stop() }
        let (client, input, output) = try rawTLSClient(port: server.port)
        defer { if client.isRunning { client.terminate() } }
        try body(server, input, output)
    }

    /// `openssl s_client` on 127.0.0.1:`port`.
    static func rawTLSClient(port: Int) throws -> (Process, Pipe, Pipe) {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: ServerTLSTests.openssl)
        client.arguments = ["s_client", "-quiet", "-connect", "127.0.0.1:\(port)"]
        let input = Pipe(), output = Pipe()
        client.standardInput = input
        client.standardOutput = output
        client.standardError = FileHandle.nullDevice
        try client.run()
        return (client, input, output)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }
    }

    /// Reads from the pipe until `done` holds for what was read, the pipe ends, or 10 s pass.
    static func read(_ pipe: Pipe, until done: ([UInt8]) -> Bool) -> [UInt8] {
        let fd = pipe.fileHandleForReading.fileDescriptor
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(10)
        while !done(bytes), Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
