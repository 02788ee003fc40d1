import SwipeCore
import SwipeProtocol

/// The lobby in the card area: the room, who is here, the deck so far and every option proposed,
/// with who proposed it, the one `x` would withdraw marked; then what to press.
///
/// ```
/// ╭ Room K7QM-X4TD-9R · lobby ──────────────╮
/// │ 3 here · lunch: 5 cards + 2 proposed     │
/// │ ▸ Pho — by Bo                            │
/// │   Tacos — by Cy (you)                    │
/// │ a propose · ↑↓ pick · x withdraw yours   │
/// │ press s to start voting                  │
/// ╰──────────────────────────────────────────╯
/// ```
struct LobbyPainter {
    let model: AppModel
    let room: RoomSnapshot
    let geometry: StackGeometry
    let palette: Palette

    func draw(into frame: inout Frame) {
        let proposals = room.proposals ?? []
        let here = room.members.filter(\.online).count, away = room.members.count - here
        let people = "\(here) here" + (away > 0 ? " · \(away) away" : "")
        let deck = room.totalCards > 0 ? "\(TextMetrics.clean(room.deckName)): \(room.totalCards) card\(room.totalCards == 1 ? "" : "s")"
            : "no deck yet"
        let counts = proposals.isEmpty ? deck : deck + " + \(proposals.count) proposed"
        let canPropose = model.myInfo?.role.canVote != false
        let keys = canPropose ? "a propose" + (proposals.isEmpty ? "" : " · ↑↓ x " + (model.isHost ? "remove" : "withdraw")) : "watching"
        let start = model.isHost ? (room.totalCards + proposals.count > 0 ? "press s to start voting" : "propose options, then s starts")
            : "waiting for the host to start"
        let width = min(max(36, geometry.stackColumns * 3 / 4), geometry.stackColumns - 2)
        let column = (geometry.stackColumns - width) / 2
        // Header lines, the list, then the keys; the list gets what the window leaves.
        let fixed = 2 + 2 + 3   // borders, two header lines, blank + two key lines
        let space = max(0, geometry.size.rows - 9 - fixed)
        let listed = min(proposals.count, max(1, space))
        let height = fixed + (proposals.isEmpty ? 1 : listed)
        let row = max(1, (geometry.size.rows - 6 - height) / 2 + 1)
        frame.fill(row: row, column: column, rows: height, columns: width)
        frame.box(row: row, column: column, rows: height, columns: width, style: palette.label,
                  title: "Room \(room.code) · lobby" + (room.locked == true ? " · locked" : ""), titleStyle: palette.value)
        let inner = width - 4
        frame.centred(TextMetrics.truncate(people, to: inner), row: row + 1, column: column + 1, width: width - 2, style: palette.label)
        frame.centred(TextMetrics.truncate(counts, to: inner), row: row + 2, column: column + 1, width: width - 2, style: palette.value)
        if proposals.isEmpty {
            frame.centred("no options proposed yet", row: row + 3, column: column + 1, width: width - 2, style: palette.label)
        } else {
            let selected = min(model.selectedProposal, proposals.count - 1)
            let first = max(0, min(selected - listed / 2, proposals.count - listed))
            for (offset, proposal) in proposals.dropFirst(first).prefix(listed).enumerated() {
                let index = first + offset
                let mark = index == selected ? "▸ " : "  "
                let author = proposal.by == model.me ? "you" : TextMetrics.clean(proposal.byName)
                let title = TextMetrics.visualOrder(TextMetrics.clean(proposal.title), mode: model.options.bidi)
                let text = TextMetrics.truncate(mark + title + " — by " + author, to: inner)
                frame.write(text, row: row + 3 + offset, column: column + 2,
                            style: index == selected ? palette.value : palette.label, maxColumn: column + width - 2)
            }
        }
        frame.centred(TextMetrics.truncate(keys, to: inner), row: row + height - 3, column: column + 1, width: width - 2, style: palette.label)
        frame.centred(TextMetrics.truncate(start, to: inner), row: row + height - 2, column: column + 1, width: width - 2, style: palette.warning)
    }
}

/// The proposal editor's box over the lobby: the title line, then the body line, the one being
/// typed with a cursor mark.
struct ProposalEditorPainter {
    let editor: ProposalEditor
    let geometry: StackGeometry
    let palette: Palette

    func draw(into frame: inout Frame) {
        let width = min(56, geometry.size.columns - 4)
        let height = 8
        let column = (geometry.size.columns - width) / 2
        let row = max(1, (geometry.size.rows - height) / 2)
        frame.fill(row: row, column: column, rows: height, columns: width, style: palette.panel)
        frame.box(row: row, column: column, rows: height, columns: width, style: palette.panel, title: "Propose an option",
                  titleStyle: palette.panelTitle)
        let field = width - 13
        func tail(_ text: String, active: Bool) -> String {
            let shown = active ? text + "▏" : text
            return TextMetrics.width(shown) > field ? "…" + String(shown.suffix(field - 1)) : shown
        }
        frame.write("Title", row: row + 2, column: column + 2, style: palette.panelTitle)
        frame.write(tail(TextMetrics.clean(editor.title), active: editor.field == .title), row: row + 2, column: column + 10,
                    style: palette.panel, maxColumn: column + width - 2)
        frame.write("Body", row: row + 3, column: column + 2, style: palette.panelTitle)
        let body = editor.field == .body || !editor.body.isEmpty ? TextMetrics.clean(editor.body) : "(optional)"
        frame.write(tail(body, active: editor.field == .body), row: row + 3, column: column + 10, style: palette.panel,
                    maxColumn: column + width - 2)
        let hint = editor.field == .title ? "Enter: next · Esc: cancel" : "Enter: propose · Backspace · Esc: cancel"
        frame.centred(hint, row: row + height - 2, column: column + 1, width: width - 2, style: palette.panel)
    }
}
