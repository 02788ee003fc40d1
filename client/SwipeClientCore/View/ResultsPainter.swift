import SwipeCore
import SwipeProtocol

/// The results screen: every card ranked, with a bar for its score and its counts, scrolled to
/// `model.resultsScroll`, with "more" marks when lines are above or below, and (with `v`) who
/// voted what under each card.
struct ResultsPainter {
    let model: AppModel
    let geometry: StackGeometry
    let palette: Palette

    func draw(into frame: inout Frame) {
        let size = geometry.size
        let width = size.columns - 4
        let title = model.results.map { $0.final ? "Results · final" : "Results so far" } ?? "Results"
        frame.write(title, row: 2, column: 2, style: palette.value)
        if let deck = model.room?.deckName {
            frame.write("  " + TextMetrics.clean(deck), row: 2, column: 2 + TextMetrics.width(title), style: palette.label)
        }
        guard let results = model.results else {
            frame.write("asking the server…", row: 4, column: 2, style: palette.label)
            return
        }
        let rows = results.ranking.sorted { $0.rank < $1.rank }
        if results.sealed == true, let closing = results.closesAt.flatMap(UTCTimestamp.init(iso8601:)) {
            let text = model.closingLines(closing)
            frame.write(TextMetrics.truncate("Votes are sealed until the close: \(text.until), \(text.left)", to: width),
                        row: 4, column: 2, style: palette.label)
            return
        }
        if rows.isEmpty { frame.write("no votes yet", row: 4, column: 2, style: palette.label) }
        var lines: [Line] = []
        if let winner = results.winner, let row = rows.first(where: { $0.card == winner }) {
            let round = model.room?.winner?.round ?? results.rounds?.last?.round ?? 0
            let how = results.decidedBy.map { " · " + $0.phrase(round: round) } ?? ""
            lines.append(.heading("🏆 The group's choice: " + TextMetrics.clean(row.title) + how))
        } else if results.final, model.room?.phase == .finished, !rows.isEmpty {
            let lockstep = model.room?.pacing == .lockstep
            lines.append(.heading(model.isHost ? (lockstep ? "No choice yet: F plays a final round, A accepts the leader"
                                                           : "No choice yet: A accepts the leader")
                                               : (lockstep ? "No choice yet: the host can play a final round or accept the leader"
                                                           : "No choice yet: the host can accept the leader")))
        }
        // The last final round first (it decided), then the earlier ones, then the whole deck.
        for round in (results.rounds ?? []).reversed() {
            lines.append(.heading("Final round \(round.round)"))
            lines += round.ranking.sorted { $0.rank < $1.rank }.flatMap { entry in model.showingVotes ? [Line.card(entry), .votes(entry)] : [Line.card(entry)] }
        }
        if results.rounds != nil { lines.append(.heading("The deck")) }
        lines += rows.flatMap { entry in model.showingVotes ? [Line.card(entry), .votes(entry)] : [Line.card(entry)] }
        let top = min(model.resultsScroll, model.maxResultsScroll)
        let page = model.resultsPageLines
        let shown = lines.dropFirst(top).prefix(page)
        let best = max(1, rows.map(\.score).max() ?? 1)
        let layout = Layout(width: width)
        for (offset, line) in shown.enumerated() {
            draw(line, row: 4 + offset, layout: layout, best: best, into: &frame)
        }
        if top > 0 {
            frame.write("▲ \(top) more", row: 3, column: size.columns - 14, style: palette.label)
        }
        let below = lines.count - top - shown.count
        if below > 0 {
            frame.write("▼ \(below) more · ↓ PgDn G", row: 4 + page, column: 2, style: palette.label)
        }
    }

    enum Line {
        case heading(String)
        case card(ResultRow)
        case votes(ResultRow)
    }

    struct Layout {
        let width: Int
        var titleWidth: Int { min(24, max(8, width / 3)) }
        var countsWidth: Int { 16 }
        var barWidth: Int { max(4, width - titleWidth - countsWidth - 8) }
        var barColumn: Int { 7 + titleWidth }
    }

    func draw(_ line: Line, row: Int, layout: Layout, best: Int, into frame: inout Frame) {
        let size = geometry.size
        switch line {
        case let .heading(text):
            frame.write(TextMetrics.truncate(text, to: size.columns - 4), row: row, column: 2, style: palette.warning, maxColumn: size.columns - 2)
        case let .card(entry):
            let rank = entry.rank < 10 ? " \(entry.rank)" : "\(entry.rank)"
            frame.write(rank + ".", row: row, column: 2, style: palette.label)
            let name = TextMetrics.visualOrder(TextMetrics.truncate(TextMetrics.clean(entry.title), to: layout.titleWidth),
                                               mode: model.options.bidi)
            frame.write(name, row: row, column: 6, style: entry.matched ? palette.matchedBar : palette.value)
            let length = layout.barWidth * max(0, entry.score) / best
            let bar = String(repeating: "█", count: length) + (length == 0 ? "▏" : "")
            frame.write(bar, row: row, column: layout.barColumn, style: entry.matched ? palette.matchedBar : palette.bar)
            let counts = "♥\(entry.likes) ★\(entry.superLikes) ✕\(entry.nopes)" + (entry.matched ? " MATCH" : "")
            frame.write(counts, row: row, column: layout.barColumn + layout.barWidth + 2, style: palette.label, maxColumn: size.columns - 1)
        case let .votes(entry):
            let text = entry.votes.isEmpty ? "no votes"
                : entry.votes.sorted { $0.key < $1.key }.map { "\(TextMetrics.clean($0.key)) \($0.value.mark)" }.joined(separator: " · ")
            frame.write(TextMetrics.truncate(text, to: size.columns - 9), row: row, column: 6, style: palette.label, maxColumn: size.columns - 2)
        }
    }
}
