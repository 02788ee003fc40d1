import SwipeCore
import SwipeProtocol

/// Header, footer, status line and the group sidebar.
struct ChromePainter {
    let model: AppModel
    let geometry: StackGeometry
    let palette: Palette

    var columns: Int { geometry.size.columns }
    var rows: Int { geometry.size.rows }

    func drawHeader(into frame: inout Frame) {
        frame.fill(row: 0, column: 0, rows: 1, columns: columns, style: palette.header)
        var left = " ◆ SwipeDeck"
        if let room = model.room { left += "  │  " + TextMetrics.clean(room.deckName) + "  │  room " + TextMetrics.clean(room.code.rawValue) }
        let status: String
        switch model.connection {
        case .online: status = "● online "
        case let .reconnecting(attempt, _): status = "◌ reconnecting… (try \(attempt)) "
        case .connecting, .joining: status = "◌ " + model.connection.label + " "
        case .closed: status = "✕ " + model.connection.label + " "
        }
        let statusText = TextMetrics.truncate(status, to: max(0, columns / 2))
        frame.write(TextMetrics.truncate(left, to: columns - TextMetrics.width(statusText) - 1), row: 0, column: 0, style: palette.header)
        frame.write(statusText, row: 0, column: columns - TextMetrics.width(statusText), style: palette.header)
    }

    func drawFooter(into frame: inout Frame) {
        let row = rows - 1
        frame.fill(row: row, column: 0, rows: 1, columns: columns, style: palette.footer)
        var x = 1
        for (key, label) in footerKeys {
            let need = TextMetrics.width(key) + TextMetrics.width(label) + 3
            guard x + need <= columns else { break }
            x += frame.write(key, row: row, column: x, style: palette.footerKey)
            x += frame.write(" " + label + "  ", row: row, column: x, style: palette.footer)
        }
    }

    /// The keys that do something now, most useful first (the footer drops what does not fit).
    var footerKeys: [(String, String)] {
        let host = model.isHost
        // A final round is lockstep's; accepting the leader works in any room.
        let undecided = host && model.room?.phase == .finished && model.room?.winner == nil
        let final: [(String, String)] = !undecided ? [] : model.room?.pacing == .lockstep ? [("F", "final round"), ("A", "accept")] : [("A", "accept")]
        if model.showingResults {
            return [("r", "back")] + final + [("↑↓", "scroll"), ("v", "votes")] + (host ? [("e", "export")] : []) + [("?", "help"), ("q", "quit")]
        }
        guard let room = model.room else { return [("q", "quit")] }
        switch room.phase {
        case .lobby:
            let propose: [(String, String)] = model.myInfo?.role.canVote == false ? [] : [("a", "propose")]
            return propose + (host ? [("s", "start"), ("K", "kick"), ("C", "close")] : []) + [("?", "help"), ("q", "quit")]
        case .voting:
            let vote: [(String, String)] = model.myInfo?.role.canVote == false ? []
                : [("←/h", "nope"), ("→/l", "like"), ("↑/k", "super"), ("u", "undo")]
            return vote + [("r", "results"), ("?", host ? "help+host" : "help"), ("q", "quit")]
        case .finished, .closed:
            return [("r", "results")] + final + (host ? [("e", "export")] : []) + [("?", "help"), ("q", "quit")]
        }
    }

    /// The line under the cards: the user's vote and the group's progress, the group's outcome
    /// for the card that just left, or a notice (votes still waiting for the server come first).
    func drawStatusLine(into frame: inout Frame) {
        let row = rows - 2
        let width = geometry.stackColumns - 2
        let pending = model.pendingVotes.count
        let pendingText = pending == 1 ? "1 vote waiting for the server" : "\(pending) votes waiting for the server"
        if let notice = model.notice {
            let text = pending > 0 && !model.connection.isOnline ? pendingText + " · ! " + notice.text : "! " + notice.text
            frame.centred(TextMetrics.truncate(text, to: width), row: row, column: 1, width: width, style: palette.warning)
            return
        }
        if case .reconnecting = model.connection, let reason = model.lastDisconnect {
            let text = (pending > 0 ? pendingText + " · " : "") + "◌ " + reason + " · retrying"
            frame.centred(TextMetrics.truncate(text, to: width), row: row, column: 1, width: width, style: palette.warning)
            return
        }
        guard let room = model.room, room.phase == .voting else { return }
        var text = ""
        if let top = model.topCard, let vote = model.myVote(on: top.id) {
            switch room.pacing {
            case .lockstep:
                text = "✓ You voted \(vote.mark) \(vote.stamp)"
                if model.pendingVotes.contains(where: { $0.card == top.id }) { text += " (sending…)" }
                if let waiting = model.waitingCount(on: top.id), waiting > 0 {
                    // Members whose connection dropped are named (the help bar still shows u undo).
                    let away = model.reconnecting(on: top.id)
                    let names = away.joined(separator: ", ")
                    let unvoted = model.stillToVote(on: top.id)
                    if away.isEmpty, !unvoted.isEmpty {
                        text += " — waiting for \(unvoted.joined(separator: " and ")) · u undoes"
                    } else if away.isEmpty {
                        text += " — waiting for \(waiting) more · u undoes"
                    } else if away.count == waiting {
                        text += " — waiting for \(names) (reconnecting)"
                    } else {
                        text += " — waiting for \(waiting), \(names) reconnecting"
                    }
                } else {
                    text += " — waiting for the group · u undoes"
                }
            case .free:
                text = "You voted \(vote.mark) \(vote.stamp)"
                if model.pendingVotes.contains(where: { $0.card == top.id }) { text += " (sending…)" }
            }
        } else if let outcome = model.outcome {
            text = outcome.text
        } else if pending > 0 {
            text = pendingText
        }
        if !text.isEmpty {
            frame.centred(TextMetrics.truncate(text, to: width), row: row, column: 1, width: width, style: palette.label)
        }
    }

    func drawSidebar(into frame: inout Frame) {
        let x0 = geometry.stackColumns
        for row in 1..<(rows - 1) { frame.put("│", row: row, column: x0, style: palette.label) }
        let x = x0 + 2
        let width = max(0, columns - x - 1)
        var row = 2
        func line(_ text: String, _ style: CellStyle) {
            guard row < rows - 1 else { return }
            frame.write(TextMetrics.truncate(text, to: width), row: row, column: x, style: style, maxColumn: x + width)
            row += 1
        }
        guard let room = model.room else {
            line("Connecting…", palette.label)
            return
        }
        line("ROOM", palette.label)
        line(TextMetrics.clean(room.code.rawValue), palette.value)
        line("\(TextMetrics.clean(room.deckName)) · \(room.pacing.rawValue)", palette.label)
        if room.locked == true { line("locked: no new joins", palette.warning) }
        row += 1
        let number = min(room.totalCards, max(1, room.totalCards - room.remaining + 1))
        let progress: String
        if room.phase == .lobby {
            let proposed = room.proposals?.count ?? 0
            progress = "\(room.totalCards) cards" + (proposed > 0 ? " + \(proposed)" : "")
        } else if room.phase == .finished || room.visible.isEmpty {
            progress = room.winner != nil ? "Decided" : "Deck done"
        } else {
            progress = (room.finalRound.map { "Final \($0.round) · " } ?? "") + "Card \(number) of \(room.totalCards)"
        }
        line(progress, palette.value)
        if let top = model.topCard, let tally = room.tallies.first(where: { $0.card == top.id }) {
            let barWidth = max(4, min(10, width - 12))
            // Lockstep tallies are re-sent whenever who counts changes (a member restored after a
            // restart counts until the grace period ends, which the member list cannot show).
            let fromTally = room.pacing == .lockstep ? tally.eligible : 0
            let eligible = max(tally.voted, fromTally, model.eligibleVoters ?? tally.eligible)
            let filled = eligible > 0 ? barWidth * min(tally.voted, eligible) / eligible : 0
            let bar = String(repeating: "▰", count: filled) + String(repeating: "▱", count: barWidth - filled)
            line("\(tally.voted)/\(eligible) voted \(bar)", palette.label)
        }
        let closing = room.closesAt.flatMap(UTCTimestamp.init(iso8601:))
        if let closing, room.phase == .voting {
            let text = model.closingLines(closing)
            // "open until 2 Dec 00:07" is wider than the sidebar: "until 2 Dec 00:07".
            line(TextMetrics.width(text.until) <= width ? text.until : String(text.until.dropFirst("open ".count)), palette.value)
            line(text.left, palette.value)
            line("votes sealed", palette.label)
        }
        if room.phase == .voting, let deadline = room.deadline, let serverNow = model.serverNow {
            let seconds = max(0, Int(((deadline - serverNow) / 1000).rounded(.up)))
            line("⏱ \(seconds) s left on this card", seconds <= 5 ? palette.warning : palette.label)
        }
        row += 1
        line("GROUP (\(room.members.count))", palette.label)
        for member in room.members.sorted(by: { $0.id < $1.id }) {
            guard row < rows - 3 else { break }
            let mark = member.online ? "●" : "○"
            // A key tag (members through the SSH gateway) tells two keys apart: "Bo ·Y4Fe1v".
            let name = TextMetrics.clean(member.name) + (member.tag.map { " ·\($0)" } ?? "")
            // "(you)" belongs to the marks, so a long name is cut before it, not it.
            var suffix = member.id == model.me && name.lowercased() != "you" ? " (you)" : ""
            if member.role == .host { suffix += " ♔" }
            if closing != nil, room.phase == .voting, member.role.canVote {
                suffix += " " + ClosingTimeText.progress(votesCast: member.votesCast, of: room.totalCards)
            } else if member.votedCurrent || (member.id == model.me && model.topCard.map { model.myVote(on: $0.id) != nil } == true) {
                suffix += " ✓"
            }
            if let lean = model.remoteDrags[member.id] { suffix += " " + Self.leanMarker(lean) }
            let room = max(1, width - 2 - TextMetrics.width(suffix))
            let style = member.online ? palette.online : palette.offline
            frame.write(mark, row: row, column: x, style: style)
            frame.write(TextMetrics.truncate(name, to: room) + suffix, row: row, column: x + 2,
                        style: member.online ? palette.value : palette.offline, maxColumn: x + width)
            row += 1
        }
        row += 1
        line("MATCHES \(room.matches.count)", palette.label)
    }

    /// Which way another member leans the card and how far toward the swipe threshold.
    static func leanMarker(_ state: CardState) -> String {
        let percent = Int((min(1, max(0, state.progress)) * 100).rounded())
        switch state.direction {
        case .right?, .upRight?, .downRight?: return "▶\(percent)%"
        case .left?, .upLeft?, .downLeft?: return "◀\(percent)%"
        case .up?: return "▲\(percent)%"
        case .down?: return "▼\(percent)%"
        case nil: return "✋"
        }
    }
}
