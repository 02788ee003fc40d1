import Foundation
import Logging
import Testing
@testable import SwipeServer

@Suite struct JSONLogLineTests {
    /// (seconds since 1970, RFC 3339)
    static let times: [(Double, String)] = [
        (0, "1970-01-01T00:00:00.000Z"),
        (1.5, "1970-01-01T00:00:01.500Z"),
        (951_782_400, "2000-02-29T00:00:00.000Z"),
        (1_795_445_520.123, "2026-11-23T14:52:00.123Z"),
        (-0.001, "1969-12-31T23:59:59.999Z"),
        (4_102_444_799.999, "2099-12-31T23:59:59.999Z"),
    ]

    @Test(arguments: times) func timesAreRFC3339InUTC(seconds: Double, expected: String) {
        #expect(JSONLogLine.timestamp(seconds) == expected)
    }

    /// (message, its JSON string literal)
    static let strings: [(String, String)] = [
        ("plain", #""plain""#),
        ("a \"quote\" and \\", #""a \"quote\" and \\""#),
        ("line\nbreak\ttab\r", #""line\nbreak\ttab\r""#),
        ("bell\u{07}del\u{7F}", #""bell\u0007del\u007f""#),
        ("Pho — noodle 🍜 ف", "\"Pho — noodle 🍜 ف\""),
        ("sep\u{2028}", #""sep\u2028""#),
    ]

    @Test(arguments: strings) func stringsAreEscaped(text: String, expected: String) {
        var out = ""
        JSONLogLine.appendString(text, to: &out)
        #expect(out == expected)
    }

    /// (metadata, the line's metadata object)
    static let metadata: [(Logger.Metadata, String)] = [
        ([:], "{}"),
        (["port": "7681", "host": "127.0.0.1"], #"{"host":"127.0.0.1","port":"7681"}"#),
        (["room": .stringConvertible(42)], #"{"room":"42"}"#),
        (["n": .dictionary(["b": "2", "a": .array(["x", "y"])])], #"{"n":{"a":["x","y"],"b":"2"}}"#),
    ]

    @Test(arguments: metadata) func aLineIsOneObjectWithEveryField(metadata: Logger.Metadata, object: String) throws {
        let line = JSONLogLine.render(time: 0, level: .warning, label: "swipe-server", message: "say \"hi\"\nthere",
                                      metadata: metadata, source: "SwipeServer")
        #expect(line == #"{"time":"1970-01-01T00:00:00.000Z","level":"warning","label":"swipe-server","message":"say \"hi\"\nthere","metadata":"#
            + object + #","source":"SwipeServer"}"#)
        #expect(!line.contains("\n"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(decoded.keys) == ["time", "level", "label", "message", "metadata", "source"])
        #expect(decoded["message"] as? String == "say \"hi\"\nthere")
    }

    @Test func theHandlerWritesOneLinePerEventWithMergedMetadata() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        defer { close(pipe[0]) }
        var handler = JSONLogHandler(label: "test", descriptor: pipe[1])
        handler.logLevel = .debug
        handler[metadataKey: "node"] = "n1"
        var logger = Logger(label: "test", factory: { _ in handler })
        logger[metadataKey: "room"] = "K7QM"
        logger.info("first", metadata: ["votes": "3"])
        logger.debug("second")
        close(pipe[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(pipe[0], &chunk, chunk.count), count > 0 { bytes += chunk.prefix(count) }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["level"] as? String == "info")
        #expect(first["label"] as? String == "test")
        #expect(first["metadata"] as? [String: String] == ["node": "n1", "room": "K7QM", "votes": "3"])
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["message"] as? String == "second")
    }
}
