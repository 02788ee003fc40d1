import SwipeCore
import SwipeProtocol

/// The results screen: every card ranked, with a bar for its score and its counts.
struct ResultsPainter {
    let model: AppModel
    let geometry: StackGeometry
    let palette: Palette

    func draw(into frame: inout Frame) {
        let size = geometry.size
        let width = size.columns - 4
        var row = 2
        let title = model.results.map { $0.final ? "Results · final" : "Results so far" } ?? "Results"
        frame.write(title, row: row, column: 2, style: palette.value)
        if let deck = model.room?.deckName {
            frame.write("  " + TextMetrics.clean(deck), row: row, column: 2 + TextMetrics.width(title), style: palette.label)
        }
        row += 2
        guard let results = model.results else {
            frame.write("asking the server…", row: row, column: 2, style: palette.label)
            return
        }
        let rows = results.ranking.sorted { $0.rank < $1.rank }
        let best = max(1, rows.map(\.score).max() ?? 1)
        let titleWidth = min(24, max(8, width / 3))
        let countsWidth = 16
        let barWidth = max(4, width - titleWidth - countsWidth - 8)
        for entry in rows {
            guard row < size.rows - 2 else { break }
            let rank = entry.rank < 10 ? " \(entry.rank)" : "\(entry.rank)"
            frame.write(rank + ".", row: row, column: 2, style: palette.label)
            let name = TextMetrics.truncate(TextMetrics.visualOrder(TextMetrics.clean(entry.title)), to: titleWidth)
            frame.write(name, row: row, column: 6, style: entry.matched ? palette.matchedBar : palette.value)
            let length = barWidth * max(0, entry.score) / best
            let bar = String(repeating: "█", count: length) + (length == 0 ? "▏" : "")
            let barColumn = 7 + titleWidth
            frame.write(bar, row: row, column: barColumn, style: entry.matched ? palette.matchedBar : palette.bar)
            let counts = "♥\(entry.likes) ★\(entry.superLikes) ✕\(entry.nopes)" + (entry.matched ? " MATCH" : "")
            frame.write(counts, row: row, column: barColumn + barWidth + 2, style: palette.label, maxColumn: size.columns - 1)
            row += 1
        }
        if rows.isEmpty { frame.write("no votes yet", row: row, column: 2, style: palette.label) }
    }
}
