// Shell: writes the host's export. Runs on the MAIN thread when the loop carries out a
// `.writeExport` effect; touches only the two files it creates in `directory`.
import Foundation
import SwipeClientCore
import SwipeProtocol

/// Writes `swipe-results-CODE.csv` (the server's CSV text, as sent) and `swipe-results-CODE.json`
/// (the ranking with who voted what: the `results` message without `type` or `csv`).
///
/// ```swift
/// let outcome = ResultsExporter.write(results, room: "K7QM-X4TD-9R", directory: ".")
/// // .written(["./swipe-results-K7QM-X4TD-9R.csv", "./swipe-results-K7QM-X4TD-9R.json"])
/// ```
enum ResultsExporter {
    /// The two file names for a room.
    ///
    /// ```swift
    /// ResultsExporter.fileNames(room: "ABCD")   // ("swipe-results-ABCD.csv", "swipe-results-ABCD.json")
    /// ```
    static func fileNames(room: RoomCode) -> (csv: String, json: String) {
        let safe = String(room.rawValue.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(32))
        let base = "swipe-results-" + (safe.isEmpty ? "room" : safe)
        return (base + ".csv", base + ".json")
    }

    /// Writes both files; says where, or why not.
    static func write(_ results: Results, room: RoomCode, directory: String) -> ExportOutcome {
        let names = fileNames(room: room)
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let csvURL = folder.appendingPathComponent(names.csv), jsonURL = folder.appendingPathComponent(names.json)
        var ranking = results
        ranking.csv = nil
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try Data((results.csv ?? "").utf8).write(to: csvURL, options: .atomic)
            try encoder.encode(ranking).write(to: jsonURL, options: .atomic)
            return .written([csvURL.path, jsonURL.path])
        } catch {
            return .failed("\(folder.path): \(error.localizedDescription)")
        }
    }
}
