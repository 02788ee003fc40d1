import Foundation
import Testing

/// RFC 6455 §5.1: a client frame without a mask closes the connection, with 1002 and nothing else:
/// an unmasked ping gets no pong, an unmasked text frame is not acted on.
@Suite struct SecurityUnmaskedFrameTests {
    /// (name, what the client sends after the handshake, what it must see)
    static let cases: [(String, [UInt8], String)] = [
        ("unmasked ping", ServerRawSocket.frame(opcode: 9, Array("hi".utf8), masked: false), "close 1002"),
        ("unmasked text", ServerRawSocket.frame(opcode: 1, Array(#"{"type":"ping","t":1}"#.utf8), masked: false), "close 1002"),
        ("a masked ping, then an unmasked one",
         ServerRawSocket.frame(opcode: 9, Array("ok".utf8)) + ServerRawSocket.frame(opcode: 9, Array("no".utf8), masked: false),
         "pong ok, close 1002"),
        ("masked text", ServerRawSocket.frame(opcode: 1, Array(#"{"type":"ping","t":1}"#.utf8)), "text"),
        ("a long masked frame", ServerRawSocket.frame(opcode: 1, Array(#"{"type":"ping","t":1,"pad":"\#(String(repeating: "x", count: 70_000))"}"#.utf8)), "text"),
    ]

    @Test(arguments: cases.map(\.0)) func unmaskedFramesClose1002(name: String) throws {
        guard let (_, bytes, expected) = Self.cases.first(where: { $0.0 == name }) else { return }
        let server = try ServerProcess(arguments: ["--max-message-bytes", "100000"])
        let client = try ServerRawSocket(port: server.port, timeout: 5)
        #expect(try client.upgrade(path: "/").contains(" 101"))
        client.write(bytes)
        var seen: [String] = []
        while let frame = client.readFrame() {
            switch frame.opcode {
            case 8:
                seen.append("close \(frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : 0)")
            case 10:
                seen.append("pong \(String(decoding: frame.payload, as: UTF8.self))")
            default:
                let text = String(decoding: frame.payload, as: UTF8.self)
                seen.append(text.contains(#""error""#) ? "error" : "text")
            }
            if frame.opcode == 8 || !expected.contains("close") { break }
        }
        #expect(seen.joined(separator: ", ") == expected, "\(name)")
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }
}
