import SwipeCore

/// The screen a member sees once the room is over for them (kicked, closed by the host, gone):
/// everything else is cleared, so nothing suggests the session goes on.
///
/// ```swift
/// var frame = Frame(size: TermSize(columns: 80, rows: 24))
/// EndScreen(ending: .kicked(room: "K7QM"), palette: Palette(colour: false)).draw(into: &frame)
/// frame.plainText.contains("The host removed you")   // true
/// ```
struct EndScreen {
    let ending: ClientExit
    let palette: Palette

    /// The lines shown, the first one as the headline.
    var lines: [String] {
        switch ending {
        case let .kicked(room):
            return ["The host removed you from the room.", "room \(room)", "", "press any key to leave"]
        case let .roomClosed(room, reason):
            return ["This room is closed.", "room \(room): \(reason)", "", "press any key to leave"]
        case .quit, .closedByYou, .refused, .connectionRefused, .unreachable, .terminal, .badPicture, .badFlag, .nameTaken, .signal:
            return ["The session is over.", "", "press any key to leave"]
        }
    }

    func draw(into frame: inout Frame) {
        let size = frame.size
        frame.fill(row: 0, column: 0, rows: size.rows, columns: size.columns)
        let width = min(size.columns - 4, max(40, lines.map(TextMetrics.width).max() ?? 0) + 6)
        let height = lines.count + 4
        let row = max(0, (size.rows - height) / 2)
        let column = max(0, (size.columns - width) / 2)
        frame.box(row: row, column: column, rows: height, columns: width, style: palette.warning, heavy: true)
        for (i, line) in lines.enumerated() {
            let text = TextMetrics.truncate(TextMetrics.clean(line), to: width - 4)
            frame.centred(text, row: row + 2 + i, column: column + 1, width: width - 2, style: i == 0 ? palette.warning : palette.label)
        }
    }
}
