import SwipeCore
import SwipeProtocol

extension AppModel {
    mutating func handleKey(_ key: Key) -> [AppEffect] {
        if let ended { return [.exit(ended)] }
        if key == .interrupt { return quit() }
        if let proposalEditor { return editorKey(key, editor: proposalEditor) }
        if let hostPrompt { return promptKey(key, prompt: hostPrompt) }
        if winnerBanner != nil {
            // Any key puts the group's choice away (q still quits).
            winnerBanner = nil
            return key == .character("q") || key == .character("Q") ? quit() : []
        }
        if showingHelp {
            showingHelp = false
            if key == .character("q") { return quit() }
            return []
        }
        if showingResults, let effects = resultsKey(key) { return effects }
        if let effects = lobbyKey(key) { return effects }
        if let effects = hostKey(key) { return effects }
        switch key {
        case .left, .character("h"): return swipe(.left, from: Self.flick(.left))
        case .right, .character("l"): return swipe(.right, from: Self.flick(.right))
        case .up, .character("k"): return swipe(.up, from: Self.flick(.up))
        case .character("u"): return undo()
        case .character("r"): return toggleResults()
        case .character("?"): showingHelp = true; return []
        case .character("q"), .character("Q"): return quit()
        case .escape, .enter:
            if banner != nil { banner = nil } else { showingResults = false }
            return []
        case .down, .pageUp, .pageDown, .home, .end, .backspace, .interrupt, .character:
            return []
        }
    }

    /// A key swipe leaves as if flicked: from a short drag's tilt, so it leans as it flies.
    static func flick(_ direction: SwipeDirection) -> CardTransform {
        StackMotion.drag(translation: direction.unitVector * 40).transform
    }

    mutating func quit() -> [AppEffect] {
        quitting = true
        return [.disconnect, .exit(.quit)]
    }

    mutating func toggleResults() -> [AppEffect] {
        if showingResults {
            showingResults = false
            return []
        }
        showingResults = true
        return sendIfOnline(.results)
    }

    /// Whether the top card can be voted on by this member now.
    var canSwipeTop: Bool {
        guard let room, room.phase == .voting, let top = topCard, !showingResults else { return false }
        if let role = myInfo?.role, !role.canVote { return false }
        return myVote(on: top.id) == nil
    }

    mutating func swipe(_ direction: SwipeDirection, from transform: CardTransform = .identity) -> [AppEffect] {
        guard canSwipeTop, let top = topCard, let room else { return [] }
        let vote = SwipeVote(card: top.id, direction: direction, seq: nextSeq)
        nextSeq += 1
        pendingVotes.append(vote)
        drag = nil
        switch room.pacing {
        case .free:
            flyOffTop(top, direction: direction, from: transform)
            swiped.append(SwipedCard(card: top, direction: direction))
        case .lockstep:
            if isLastVote(on: top.id) {
                // The group waited only for us: the card leaves now, our way, under our stamp.
                flyOffTop(top, direction: direction, from: transform)
                sentAhead = SwipedCard(card: top, direction: direction)
            } else if transform != .identity {
                playing[top.id] = PlayingMotion(motion: StackMotion.snapBack(from: transform), startedAt: now)
            }
        }
        return sendIfOnline(.swipe(vote))
    }

    /// Every remaining card moves up one slot (0.2 s reflow).
    /// The cards left move up one slot, starting at local time `start` (now, or when the server
    /// scheduled the fly-off that made room).
    mutating func reflowAfterRemovingTop(startingAt start: Double? = nil) {
        guard let visible = room?.visible else { return }
        for (index, card) in visible.enumerated() {
            playing[card.id] = PlayingMotion(
                motion: StackMotion.reflow(from: index + 1, to: index, visibleCount: max(visible.count + 1, 1), layout: layout), startedAt: start ?? now)
        }
    }

    mutating func undo() -> [AppEffect] {
        guard let room, room.phase == .voting else { return [] }
        let target: CardID?
        switch room.pacing {
        case .free: target = swiped.last?.card.id
        case .lockstep: target = topCard.flatMap { myVote(on: $0.id) != nil ? $0.id : nil }
        }
        guard let card = target else {
            notice = Notice(text: "nothing to undo", shownAt: now)
            return []
        }
        if let index = pendingVotes.lastIndex(where: { $0.card == card }), !connection.isOnline {
            pendingVotes.remove(at: index)
            restoreSwiped(card)
            return []
        }
        let seq = nextSeq
        nextSeq += 1
        return sendIfOnline(.undo(UndoVote(card: card, seq: seq)))
    }

    /// Puts a card this member swiped (free pacing) back on top with the revert animation.
    mutating func restoreSwiped(_ card: CardID) {
        guard let index = swiped.lastIndex(where: { $0.card.id == card }), var room else { return }
        let entry = swiped.remove(at: index)
        leaving.removeAll { $0.card.id == card }
        if !room.visible.contains(where: { $0.id == card }) {
            room.visible.insert(entry.card, at: 0)
            self.room = room
            playing[card] = PlayingMotion(motion: StackMotion.revert(direction: entry.direction), startedAt: now)
        }
    }

    // MARK: pointer

    mutating func pointerPressed(row: Int, column: Int) -> [AppEffect] {
        guard !showingHelp, canSwipeTop, let top = topCard, let room else { return [] }
        let geometry = StackGeometry(size: size)
        let frame = StackMotion.frame(forCardAt: 0, visibleCount: room.visible.count, layout: layout)
        let transform = playing[top.id]?.sample(now: now) ?? .identity
        let point = geometry.point(column: Double(column) + 0.5, row: Double(row) + 0.5)
        guard CardShape(frame: frame, transform: transform).contains(point) else { return [] }
        banner = nil
        playing[top.id] = nil
        drag = LocalDrag(card: top.id, startRow: row, startColumn: column, translation: .zero, startedAt: now, lastSentAt: now,
                         samples: [DragSample(at: now, translation: .zero)])
        return sendIfOnline(.drag(DragUpdate(card: top.id, phase: .began, x: 0, y: 0, t: now)))
    }

    mutating func pointerMoved(row: Int, column: Int) -> [AppEffect] {
        guard var drag else { return [] }
        let geometry = StackGeometry(size: size)
        drag.translation = geometry.translation(columns: column - drag.startColumn, rows: row - drag.startRow)
        drag.samples.append(DragSample(at: now, translation: drag.translation))
        if drag.samples.count > 6 { drag.samples.removeFirst(drag.samples.count - 6) }
        var effects: [AppEffect] = []
        if now - drag.lastSentAt >= Self.dragSendInterval {
            drag.lastSentAt = now
            effects = sendIfOnline(.drag(DragUpdate(card: drag.card, phase: .changed, x: drag.translation.x, y: drag.translation.y, t: now)))
        }
        self.drag = drag
        return effects
    }

    mutating func pointerReleased(row: Int, column: Int) -> [AppEffect] {
        guard drag != nil else { return [] }
        var effects = pointerMoved(row: row, column: column)
        guard let drag else { return effects }
        let velocity = Self.velocity(of: drag.samples)
        let state = StackMotion.drag(translation: drag.translation)
        effects += sendIfOnline(.drag(DragUpdate(card: drag.card, phase: .ended, x: drag.translation.x, y: drag.translation.y, t: now)))
        if let direction = StackMotion.decision(translation: drag.translation, velocity: velocity) {
            effects += swipe(direction, from: state.transform)
        } else {
            playing[drag.card] = PlayingMotion(motion: StackMotion.snapBack(from: state.transform), startedAt: now)
        }
        self.drag = nil
        return effects
    }

    /// Points per second over the samples of the last 150 ms (zero when time did not advance).
    static func velocity(of samples: [DragSample]) -> Point {
        guard let last = samples.last else { return .zero }
        let recent = samples.filter { last.at - $0.at <= 150 }
        guard let first = recent.first, last.at > first.at else { return .zero }
        return (last.translation - first.translation) * (1000 / (last.at - first.at))
    }
}
