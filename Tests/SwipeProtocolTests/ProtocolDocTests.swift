import Foundation
import Testing
import SwipeCore
@testable import SwipeProtocol

/// docs/PROTOCOL.md cannot drift: every ```json block is a message that decodes as the type it names,
/// on the side its section says, and every message type has an example.
@Suite struct ProtocolDocTests {
    enum Side: String { case client, server }

    struct Example: CustomStringConvertible {
        var side: Side
        var line: Int
        var text: String
        var description: String { "PROTOCOL.md:\(line) (\(side.rawValue))" }
    }

    static let document: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The ```json blocks under "## Client → server" and "## Server → client", with their line numbers.
    static let examples: [Example] = {
        var found: [Example] = []
        var side: Side?
        var block: (start: Int, lines: [String])?
        for (index, line) in document.components(separatedBy: "\n").enumerated() {
            if block == nil, line.hasPrefix("## ") {
                side = line.hasPrefix("## Client → server") ? .client : line.hasPrefix("## Server → client") ? .server : nil
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = block {
                if trimmed == "```" {
                    if let side { found.append(Example(side: side, line: open.start, text: open.lines.joined(separator: "\n"))) }
                    block = nil
                } else {
                    open.lines.append(line)
                    block = open
                }
            } else if trimmed == "```json" {
                block = (index + 1, [])
            }
        }
        return found
    }()

    @Test func theDocumentHasExamplesOnBothSides() {
        #expect(Self.examples.filter { $0.side == .client }.count >= 8)
        #expect(Self.examples.filter { $0.side == .server }.count >= 16)
        #expect(!Self.document.contains("```json\n```"))
    }

    @Test(arguments: examples)
    func everyExampleDecodesAsTheMessageItNames(_ example: Example) throws {
        let bytes = Array(example.text.utf8)
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        let type = try #require(object?["type"] as? String, "\(example): no \"type\"")
        switch example.side {
        case .client:
            let decoded = WireCodec.decodeClient(bytes)
            #expect(throws: Never.self, "\(example)") { try decoded.get() }
            #expect((try? decoded.get())?.type == type)
            // Re-encoding keeps every field the example gives (nothing in the doc is silently ignored).
            if let message = try? decoded.get() { try expectFieldsSurvive(object ?? [:], message, example) }
        case .server:
            let decoded = WireCodec.decodeServer(bytes)
            #expect(throws: Never.self, "\(example)") { try decoded.get() }
            #expect((try? decoded.get())?.type == type)
            if let message = try? decoded.get() { try expectFieldsSurvive(object ?? [:], message, example) }
        }
    }

    private func expectFieldsSurvive<M: Encodable>(_ original: [String: Any], _ message: M, _ example: Example) throws {
        let encoded = try JSONSerialization.jsonObject(with: Data(WireCodec.encode(message))) as? [String: Any] ?? [:]
        for key in original.keys {
            #expect(encoded[key] != nil, "\(example): field \"\(key)\" is not part of the message")
        }
    }

    @Test func everyMessageTypeHasAnExample() throws {
        func types(_ side: Side) -> Set<String> {
            Set(Self.examples.filter { $0.side == side }.compactMap { example in
                (try? JSONSerialization.jsonObject(with: Data(example.text.utf8)) as? [String: Any])?["type"] as? String
            })
        }
        #expect(types(.client) == Set(ClientMessage.allTypes))
        let serverTypes: Set<String> = ["welcome", "memberJoined", "memberUpdated", "memberLeft", "memberOnline", "memberOffline", "phase",
                                        "cardState", "animation", "voteAccepted", "tally", "cardResolved", "match", "results",
                                        "pong", "roomClosed", "error", "proposalAdded", "proposalRemoved", "winner",
                                        "roomLocked", "pictureReceived"]
        #expect(types(.server) == serverTypes)
    }

    @Test func everyErrorCodeIsInTheTable() {
        for code in ErrorCode.allCases {
            #expect(Self.document.contains("| `\(code.rawValue)` |"), "error code \(code.rawValue) is not documented")
        }
        #expect(Self.document.contains("swipedeck.v1"))
        #expect(Self.document.contains("\"protocol\": \(ProtocolVersion.current)"))
    }
}
