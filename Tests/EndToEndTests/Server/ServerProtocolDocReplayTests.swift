import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Replays every client example of docs/PROTOCOL.md against a real server: none may be refused as
/// malformed, `create`/`join` examples must be welcomed, and the room's code and token are put in.
@Suite(.serialized) struct ServerProtocolDocReplayTests {
    static let formatErrors: Set<ErrorCode> = [.badJSON, .unknownType, .missingField, .badField]

    /// The ```json blocks in the "## Client → server" section, in order.
    static func clientExamples() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var inClientSection = false
        var inBlock = false
        var current: [String] = []
        var examples: [String] = []
        for line in text.components(separatedBy: "\n") {
            if !inBlock, line.hasPrefix("## ") { inClientSection = line.hasPrefix("## Client → server") }
            if inBlock {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    if inClientSection { examples.append(current.joined(separator: "\n")) }
                    inBlock = false
                    current = []
                } else {
                    current.append(line)
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```json" {
                inBlock = true
            }
        }
        return examples
    }

    /// Sends `raw`, then a ping; returns everything received before the pong.
    static func exchange(_ raw: String, on socket: BlockingWebSocket, marker: Double) -> [ServerMessage] {
        socket.sendRaw(Array(raw.utf8))
        socket.send(.ping(Ping(t: marker)))
        var seen: [ServerMessage] = []
        while let message = socket.receive(timeout: ServerSessionTests.wait) {
            if case let .pong(pong) = message, pong.t == marker { return seen }
            seen.append(message)
        }
        Issue.record("no pong after \(raw)")
        return seen
    }

    @Test func everyClientExampleIsAcceptedByTheRealServer() throws {
        let examples = try Self.clientExamples()
        #expect(examples.count >= 8)
        let server = try ServerProcess()
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies")))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code
        // The member whose token the resume example uses; not "Bo", whom the join example makes
        // (two members cannot share a name: nameTaken).
        let cy = try ServerSessionTests.connect(server)
        cy.send(.join(JoinRoom(room: code, name: "Cy")))
        let token = try #require(ServerSessionTests.welcome(cy)).token
        cy.close()
        ann.send(.host(HostCommand(command: .start)))
        _ = ServerSessionTests.next(ann, "phase")

        for (index, example) in examples.enumerated() {
            let raw = example.replacingOccurrences(of: "K7QM-X4TD-9R", with: code.rawValue)
                .replacingOccurrences(of: "k7qm-x4td-9r", with: code.rawValue.lowercased())
                .replacingOccurrences(of: "0d125e05b916193e20c1a5930a598edb", with: token)
            let type = (try? JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any])?["type"] as? String
            let socket = type == "create" || type == "join" ? try ServerSessionTests.connect(server) : ann
            let replies = Self.exchange(raw, on: socket, marker: Double(index))
            for case let .error(error) in replies {
                #expect(!Self.formatErrors.contains(error.code), "\(raw) → \(error.code): \(error.message)")
            }
            if type == "create" || type == "join" {
                #expect(replies.contains { $0.type == "welcome" }, "\(raw) was not welcomed: \(replies.map(\.type))")
            }
        }
        #expect(server.terminate() == 0)
    }
}
