import SwipeCore
import SwipeProtocol

/// Boxes drawn over the card area: match banner, help, empty deck, lobby and waiting messages.
struct OverlayPainter {
    let geometry: StackGeometry
    let palette: Palette

    func drawBanner(_ banner: MatchBanner, into frame: inout Frame) {
        let t = banner.match.tally
        drawBannerBox(["★  IT'S A MATCH!  ★", TextMetrics.clean(banner.match.card.title),
                       "♥ \(t.likes)  ★ \(t.superLikes)  ✕ \(t.nopes)   (\(t.voted) of \(t.eligible) voted)"], width: 40, into: &frame)
    }

    /// The room's one winner: over the card area, until a key is pressed.
    func drawWinner(_ winner: Winner, into frame: inout Frame) {
        let how = winner.decidedBy.phrase(round: winner.round)
        drawBannerBox(["🏆  THE GROUP'S CHOICE  🏆", TextMetrics.clean(winner.card.title), how + " · any key"], width: 44, into: &frame)
    }

    /// A heavy banner box over whole lines of the stack (no word of a card in flight beside it):
    /// a headline, a title and a small print line.
    private func drawBannerBox(_ lines: [String], width maxWidth: Int, into frame: inout Frame) {
        let width = min(maxWidth, geometry.stackColumns - 4)
        let column = (geometry.stackColumns - width) / 2
        let row = max(2, geometry.size.rows / 2 - 4)
        frame.fill(row: row, column: 0, rows: 7, columns: geometry.stackColumns)
        frame.box(row: row, column: column, rows: 7, columns: width, style: palette.banner, heavy: true)
        for (i, line) in lines.enumerated() {
            frame.centred(TextMetrics.truncate(line, to: width - 4), row: row + 1 + 2 * i, column: column + 1, width: width - 2,
                          style: palette.banner)
        }
    }

    static let helpLines: [(String, String)] = [
        ("← or h", "nope (swipe left)"), ("→ or l", "like (swipe right)"), ("↑ or k", "super-like (counts double)"),
        ("mouse", "drag the top card and let go"), ("u", "undo your last vote"),
        ("a ↑↓ x", "lobby: propose, pick, withdraw"),
        ("r", "results (again: back)"), ("↑↓ g G v", "results: scroll, who voted"),
        ("Ctrl-Z", "suspend (fg resumes)"), ("? q", "this help · quit"),
    ]

    /// The host's keys, listed in help only for the host.
    static let hostHelpLines: [(String, String)] = [
        ("s n", "start · skip the current card"), ("R", "reveal the results now (asks)"),
        ("K", "remove a member (pick, then asks)"), ("C", "close the room (asks)"), ("e", "export results to CSV + JSON"),
        ("F A", "final round · accept the leader (ask)"), ("L", "lock / unlock: no new members"),
        ("x", "lobby: remove anyone's proposal"),
    ]

    /// Card pictures: the flag and the deck field (last: a small window cuts them first).
    static let pictureHelpLines: [(String, String)] = [
        ("pictures", "--pictures kitty|sixel|symbols|off"), ("", "deck cards name a \"picture\" file"),
    ]

    func drawHelp(host: Bool, into frame: inout Frame) {
        let size = geometry.size
        let lines = Self.helpLines + (host ? [("", "HOST")] + Self.hostHelpLines : []) + Self.pictureHelpLines
        let width = min(50, size.columns - 4)
        let height = min(size.rows - 2, lines.count + 4)
        let column = (size.columns - width) / 2
        let row = max(1, (size.rows - height) / 2)
        frame.box(row: row, column: column, rows: height, columns: width, style: palette.panel, title: "Help",
                  titleStyle: palette.panelTitle)
        // When the list is one line too long, it takes the blank line above the bottom border.
        for (i, entry) in lines.prefix(lines.count + 4 <= height ? lines.count : height - 3).enumerated() {
            frame.write(entry.0, row: row + 2 + i, column: column + 3, style: palette.panelTitle)
            frame.write(entry.1, row: row + 2 + i, column: column + 13, style: palette.panel, maxColumn: column + width - 2)
        }
        frame.centred("any key closes", row: row + height - 1, column: column, width: width, style: palette.panel)
    }

    func drawEmpty(into frame: inout Frame) {
        drawMessage(["That's the whole deck!", "Nothing left to swipe.", "r shows the results · q quits"], into: &frame)
    }

    func drawMessage(_ lines: [String], into frame: inout Frame) {
        let width = min(36, geometry.stackColumns - 4)
        let column = (geometry.stackColumns - width) / 2
        let height = lines.count + 4
        let row = max(1, (geometry.size.rows - height) / 2)
        frame.box(row: row, column: column, rows: height, columns: width, style: palette.label)
        for (i, line) in lines.enumerated() {
            frame.centred(TextMetrics.clean(line), row: row + 2 + i, column: column + 1, width: width - 2,
                          style: i == 0 ? palette.value : palette.label)
        }
    }
}

extension OverlayPainter {
    /// Across the bottom of the lobby, over the sidebar's empty end: the exact command others type
    /// to join, on one line when it fits (so it can be copied whole), else wrapped.
    func drawInvite(_ commands: [String], locked: Bool = false, into frame: inout Frame) {
        let columns = geometry.size.columns
        let width = columns - 2
        var pieces: [String] = []
        for command in commands {
            var rest = Substring(command)
            while !rest.isEmpty {
                let piece = rest.prefix(width)
                pieces.append(String(piece))
                rest = rest.dropFirst(piece.count)
            }
        }
        var row = geometry.size.rows - 3 - pieces.count
        frame.fill(row: row - 1, column: 0, rows: pieces.count + 2, columns: columns)
        frame.centred(locked ? "locked: nobody new joins until the host unlocks; then:" : "others join with:",
                      row: row, column: 1, width: width, style: locked ? palette.warning : palette.label)
        for piece in pieces {
            row += 1
            frame.centred(piece, row: row, column: 1, width: width, style: palette.value)
        }
    }
}
