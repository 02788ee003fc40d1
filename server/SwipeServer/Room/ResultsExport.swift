import Foundation
import SwipeProtocol

/// Results as files: JSON (the `results` message's body) and CSV.
///
/// ```swift
/// let csv = ResultsExport.csv(room.results())
/// // rank,card,title,likes,nopes,superLikes,score,matched,votes
/// // 1,dune,Dune,2,0,1,4,true,Ann:like; Bo:superLike
/// ```
public enum ResultsExport {
    /// The CSV header and one line per card, RFC 4180 quoting.
    ///
    /// ```swift
    /// ResultsExport.csv(Results(final: true, ranking: [])) // "rank,card,title,likes,nopes,superLikes,score,matched,votes\r\n"
    /// ```
    public static func csv(_ results: Results) -> String {
        var lines = ["rank,card,title,likes,nopes,superLikes,score,matched,votes"]
        for row in results.ranking {
            let votes = row.votes.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.rawValue)" }.joined(separator: "; ")
            let fields = ["\(row.rank)", row.card.rawValue, row.title, "\(row.likes)", "\(row.nopes)", "\(row.superLikes)",
                          "\(row.score)", row.matched ? "true" : "false", votes]
            lines.append(fields.map(quote).joined(separator: ","))
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

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
