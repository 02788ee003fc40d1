import SwipeProtocol

/// `swipe results`' plain-text answer: the winner and how, then the ranking (or, while a room
/// with a closing time is open, that its votes are sealed until then).
///
/// ```swift
/// print(ResultsText.lines(results, room: "K7QM-X4TD-9R").joined(separator: "\n"))
/// // Room K7QM-X4TD-9R · final
/// // Winner: Pho (the only match)
/// //   1. Pho    2 likes  0 nopes  match
/// ```
public enum ResultsText {
    public static func lines(_ results: Results, room: String) -> [String] {
        if results.sealed == true {
            let until = results.closesAt.map { " until \($0)" } ?? ""
            var lines = ["Room \(room) is open\(until): its votes are sealed until the close."]
            if let progress = results.progress, !progress.isEmpty {
                lines.append("Progress: " + progress.sorted { $0.key < $1.key }
                    .map { "\(TextMetrics.clean($0.key)) " + ClosingTimeText.progress(votesCast: $0.value, of: results.cards ?? 0) }
                    .joined(separator: ", "))
            }
            return lines
        }
        var lines = ["Room \(room) · " + (results.final ? "final" : "so far") + (results.closesAt.map { " · closing time \($0)" } ?? "")]
        let rows = results.ranking.sorted { $0.rank < $1.rank }
        if let winner = results.winner, let row = rows.first(where: { $0.card == winner }) {
            let how = results.decidedBy.map { " (\($0.phrase(round: results.rounds?.last?.round ?? 0)))" } ?? ""
            lines.append("Winner: " + TextMetrics.clean(row.title) + how)
        } else {
            lines.append(results.final ? "No winner yet." : "Still voting.")
        }
        let titleWidth = min(40, rows.map { TextMetrics.width(TextMetrics.clean($0.title)) }.max() ?? 0)
        for row in rows {
            let title = TextMetrics.truncate(TextMetrics.clean(row.title), to: titleWidth)
            let pad = String(repeating: " ", count: max(0, titleWidth - TextMetrics.width(title)))
            let superLikes = row.superLikes > 0 ? "  \(row.superLikes) super" : ""
            var line = "  \(row.rank). \(title)\(pad)  \(counted(row.likes, "like"))  \(counted(row.nopes, "nope"))\(superLikes)"
                + (row.matched ? "  match" : "")
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines
    }

    /// "1 like " or "2 likes": singular for one, padded to the plural's width so the columns stay put.
    static func counted(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun) " : "\(count) \(noun)s" }
}
