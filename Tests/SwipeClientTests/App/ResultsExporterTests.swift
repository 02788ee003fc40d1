import Foundation
import SwipeProtocol
import Testing
@testable import SwipeClient

@Suite struct ResultsExporterTests {
    /// A final ranking of two cards, the first matched.
    static let results = Results(final: true, ranking: [
        ResultRow(rank: 1, card: "dune", title: "Dune", likes: 3, nopes: 0, superLikes: 1, matched: true, votes: [:]),
        ResultRow(rank: 2, card: "spirited", title: "千と千尋の神隠し", likes: 1, nopes: 2, superLikes: 0, matched: false, votes: [:]),
    ])

    @Test func writesTheServersCSVAndTheRankingAsJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var results = Self.results
        results.ranking[0].votes = ["Ann": .like, "Bo": .superLike]
        results.csv = "rank,card,title\r\n1,dune,Dune\r\n"
        let outcome = ResultsExporter.write(results, room: "K7QM-X4TD-9R", directory: folder.path)
        let csv = folder.appendingPathComponent("swipe-results-K7QM-X4TD-9R.csv")
        let json = folder.appendingPathComponent("swipe-results-K7QM-X4TD-9R.json")
        #expect(outcome == .written([csv.path, json.path]))
        #expect(try String(contentsOf: csv, encoding: .utf8) == "rank,card,title\r\n1,dune,Dune\r\n")
        var decoded = try JSONDecoder().decode(Results.self, from: Data(contentsOf: json))
        #expect(decoded.csv == nil)
        decoded.csv = results.csv
        #expect(decoded == results)
    }

    @Test func aFolderThatCannotBeWrittenSaysSo() {
        let outcome = ResultsExporter.write(Self.results, room: "ABCD", directory: "/nonexistent-\(UUID().uuidString)")
        guard case let .failed(reason) = outcome else { Issue.record("wrote into a missing folder"); return }
        #expect(reason.contains("/nonexistent-"))
    }

    @Test(arguments: [("K7QM-X4TD-9R", "swipe-results-K7QM-X4TD-9R"), ("../../etc/x", "swipe-results-ETCX"), ("", "swipe-results-room")])
    func fileNamesAreSafe(_ code: String, _ base: String) {
        #expect(ResultsExporter.fileNames(room: RoomCode(code)) == (base + ".csv", base + ".json"))
    }
}
