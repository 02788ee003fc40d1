import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Names and titles that a spreadsheet would run as formulas reach every CSV export as text: the
/// HTTP results.csv, `swipe-server export --format csv` (which prints it), and the host's `export`.
@Suite struct SecurityCSVInjectionTests {
    static let hostile = ["=1+1", "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3"]

    /// Cells of an RFC 4180 line (enough for these: quoted cells may hold commas and doubled quotes).
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var previous: Character = " "
        for character in line {
            if character == "\"" {
                if quoted && previous == "\"" { cell.append("\"") }
                quoted.toggle()
            } else if character == "," && !quoted {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
            previous = character
        }
        return cells + [cell]
    }

    static func checkNoFormulaCells(_ csv: String, from source: String) {
        let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]
        for line in csv.split(separator: "\r\n").dropFirst() {
            for cell in cells(line) {
                #expect(cell.first.map { !formulaStarts.contains($0) } ?? true, "\(source): cell \(cell)")
            }
        }
        #expect(csv.contains("'=1+1"), "\(source): \(csv)")
        #expect(csv.contains("'@SUM(1+1)"), "\(source)")
    }

    @Test func formulaCellsAreNeutralisedInEveryExport() throws {
        let server = try ServerProcess()
        let host = try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 10)
        let cards = Self.hostile.enumerated().map { Card(id: CardID("c\($0.offset)"), title: $0.element) }
        host.send(.create(CreateRoom(name: "=1+1", cards: cards, pacing: .free)))
        guard case let .welcome(welcome)? = host.receive(until: { $0.type == "welcome" }, timeout: 10) else {
            Issue.record("no welcome")
            return
        }
        host.send(.host(HostCommand(command: .start)))
        for card in cards {
            host.send(.swipe(SwipeVote(card: card.id, direction: .right, seq: Int(card.id.rawValue.dropFirst()).map { $0 + 1 })))
        }
        _ = host.receive(until: { if case .voteAccepted(let vote) = $0 { vote.card == cards.last?.id } else { false } }, timeout: 10)

        let http = try ServerRawSocket.get(port: server.port, path: "/rooms/\(welcome.room.code)/results.csv")
        #expect(http.status == 200)
        Self.checkNoFormulaCells(http.body, from: "results.csv")

        let export = Process()
        export.executableURL = ServerProcess.binary
        export.arguments = ["export", welcome.room.code.rawValue, "--url", "http://127.0.0.1:\(server.port)", "--format", "csv"]
        let output = Pipe()
        export.standardOutput = output
        try export.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        export.waitUntilExit()
        Self.checkNoFormulaCells(printed, from: "swipe-server export")

        host.send(.host(HostCommand(command: .export)))
        guard case let .results(results)? = host.receive(until: { if case .results(let r) = $0 { r.csv != nil } else { false } }, timeout: 10) else {
            Issue.record("no export")
            return
        }
        Self.checkNoFormulaCells(results.csv ?? "", from: "host export")
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }
}
