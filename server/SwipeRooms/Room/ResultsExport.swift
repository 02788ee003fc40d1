import Foundation
import SwipeProtocol

/// Results as files: JSON (the `results` message's body) and CSV.
///
/// ```swift
/// let csv = ResultsExport.csv(room.results())
/// // rank,card,title,likes,nopes,superLikes,score,matched,votes,round,winner,decidedBy
/// // 1,dune,Dune,2,0,1,4,true,Ann:like; Bo:superLike,0,true,onlyMatch
/// ```
public enum ResultsExport {
    /// The CSV header and one line per card of the deck (`round` 0), then one per card of each
    /// final round (`round` N, `matched` meaning the card led the round); `winner` is true on the
    /// winning card's lines, and `decidedBy` says there how it was decided (`onlyMatch`, `votes`,
    /// `tieBreak`, `accepted`; empty on every other line). RFC 4180 quoting. Every cell that a spreadsheet would
    /// read as a formula (it begins with `=`, `+`, `-`, `@`, tab or CR: OWASP's CSV injection list)
    /// gets a leading `'`, so `=1+1` arrives as the text `'=1+1`. Numbers are written by the server and
    /// never negative, so no real value changes.
    ///
    /// ```swift
    /// ResultsExport.csv(Results(final: true, ranking: [])) // "rank,card,title,likes,nopes,superLikes,score,matched,votes,round,winner,decidedBy\r\n"
    /// ```
    public static func csv(_ results: Results) -> String {
        var lines = ["rank,card,title,likes,nopes,superLikes,score,matched,votes,round,winner,decidedBy"]
        let rankings = [(0, results.ranking)] + (results.rounds ?? []).map { ($0.round, $0.ranking) }
        for (round, ranking) in rankings {
            for row in ranking {
                let votes = row.votes.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.rawValue)" }.joined(separator: "; ")
                let fields = ["\(row.rank)", row.card.rawValue, row.title, "\(row.likes)", "\(row.nopes)", "\(row.superLikes)",
                              "\(row.score)", row.matched ? "true" : "false", votes, "\(round)", row.card == results.winner ? "true" : "false",
                              row.card == results.winner ? results.decidedBy?.rawValue ?? "" : ""]
                lines.append(fields.map { quote(neutralised($0)) }.joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The results as pretty JSON (sorted keys).
    ///
    /// ```swift
    /// let json = try ResultsExport.json(room.results())
    /// ```
    public static func json(_ results: Results) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
    }

    /// `field` with a `'` in front when a spreadsheet would take it for a formula.
    ///
    /// ```swift
    /// ResultsExport.neutralised("@SUM(1+1)")   // "'@SUM(1+1)"
    /// ResultsExport.neutralised("Dune")        // "Dune"
    /// ```
    public static func neutralised(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, formulaStarts.contains(first) else { return field }
        return "'" + field
    }

    /// What a cell may not begin with (OWASP, "CSV Injection").
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
