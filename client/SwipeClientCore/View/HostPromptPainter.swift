import SwipeCore
import SwipeProtocol

/// The host's prompts over everything: the member picker for kick, and y/n confirmations.
///
/// ```swift
/// HostPromptPainter(model: model, palette: Palette(colour: false)).draw(.confirm(.close, member: nil), into: &frame)
/// ```
struct HostPromptPainter {
    let model: AppModel
    let palette: Palette

    func draw(_ prompt: HostPrompt, into frame: inout Frame) {
        let size = frame.size
        let candidates = model.kickCandidates
        var lines: [(String, CellStyle)] = []
        switch prompt {
        case let .pickMember(selected):
            lines.append((prompt.question(memberName: nil), palette.panelTitle))
            lines.append(("", palette.panel))
            for (i, member) in candidates.enumerated() {
                let mark = i == selected ? "▶ " : "  "
                let status = member.online ? "" : " (offline)"
                let tag = member.tag.map { " ·\($0)" } ?? ""
                lines.append((mark + TextMetrics.clean(member.name) + tag + status, i == selected ? palette.value : palette.panel))
            }
            lines.append(("", palette.panel))
            lines.append(("↑↓ choose · Enter remove · Esc cancel", palette.panel))
        case let .confirm(_, member):
            let name = member.flatMap { id in candidates.first { $0.id == id } }.map { TextMetrics.clean($0.name) }
            let leader = model.results?.ranking.min { $0.rank < $1.rank }.map { TextMetrics.clean($0.title) }
            lines.append((prompt.question(memberName: name, leader: leader), palette.panelTitle))
            lines.append(("", palette.panel))
            lines.append(("y yes · any other key cancels", palette.panel))
        }
        let width = min(size.columns - 4, max(40, (lines.map { TextMetrics.width($0.0) }.max() ?? 0) + 6))
        let height = min(size.rows - 2, lines.count + 4)
        let column = max(0, (size.columns - width) / 2)
        let row = max(1, (size.rows - height) / 2)
        frame.box(row: row, column: column, rows: height, columns: width, style: palette.panel, title: "Host",
                  titleStyle: palette.panelTitle)
        for (i, line) in lines.prefix(height - 4).enumerated() {
            frame.centred(TextMetrics.truncate(line.0, to: width - 4), row: row + 2 + i, column: column + 1, width: width - 2, style: line.1)
        }
    }
}
