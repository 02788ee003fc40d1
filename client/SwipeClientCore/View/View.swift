import SwipeCore
import SwipeProtocol

/// Draws the whole screen for a model at a size. Pure: the same model and size give the same frame.
///
/// ```swift
/// let frame = view(model, size: TermSize(columns: 80, rows: 24))
/// print(frame.plainText)
/// ```
public func view(_ model: AppModel, size: TermSize) -> Frame {
    var frame = Frame(size: size)
    let palette = Palette(colour: model.options.colour)
    guard size.isLargeEnough else {
        drawTooSmall(size: size, palette: palette, into: &frame)
        return frame
    }
    if let ending = model.ended {
        EndScreen(ending: ending, palette: palette).draw(into: &frame)
        return frame
    }
    let geometry = StackGeometry(size: size)
    let chrome = ChromePainter(model: model, geometry: geometry, palette: palette)
    chrome.drawHeader(into: &frame)
    chrome.drawFooter(into: &frame)
    if model.showingResults {
        ResultsPainter(model: model, geometry: geometry, palette: palette).draw(into: &frame)
    } else {
        drawStack(model, geometry: geometry, palette: palette, into: &frame)
        chrome.drawSidebar(into: &frame)
        chrome.drawStatusLine(into: &frame)
        if let room = model.room, room.phase == .lobby {
            var commands = RoomInvite.commands(server: model.options.server, sshJoin: model.sshJoin, room: room.code)
            if model.sshJoin != nil, let key = model.options.restriction?.hostKey { commands.append("gateway key " + key) }
            if !commands.isEmpty {
                OverlayPainter(geometry: geometry, palette: palette).drawInvite(commands, locked: room.locked == true, into: &frame)
            }
        }
        if let banner = model.banner { OverlayPainter(geometry: geometry, palette: palette).drawBanner(banner, into: &frame) }
    }
    // The room's decision shows over the stack and the results alike, on every screen at once.
    if let winner = model.winnerBanner { OverlayPainter(geometry: geometry, palette: palette).drawWinner(winner, into: &frame) }
    if let editor = model.proposalEditor { ProposalEditorPainter(editor: editor, geometry: geometry, palette: palette).draw(into: &frame) }
    if model.showingHelp { OverlayPainter(geometry: geometry, palette: palette).drawHelp(host: model.isHost, into: &frame) }
    if let prompt = model.hostPrompt { HostPromptPainter(model: model, palette: palette).draw(prompt, into: &frame) }
    if !model.allowsPixelPictures { frame.pixelPicture = nil }   // cells only while anything moves or covers the card
    if model.options.pictures == .sixel, let placement = frame.pixelPicture { frame.blankSixelStrip(under: placement) }
    return frame
}

extension Frame {
    /// chafa makes a sixel image a whole number of 6-pixel bands (rows × cell height rounded down),
    /// so up to 5 pixel rows at the foot of the placement's last row stay uncovered: that row is the
    /// picture band's plain background (the cell left of the placement) instead of the bottom of the
    /// cell-drawn picture, which showed there as a thin strip in xterm.
    mutating func blankSixelStrip(under placement: PixelPlacement) {
        guard placement.rows > 0, placement.columns > 0 else { return }
        let row = placement.row + placement.rows - 1
        let band = self[row, placement.column - 1].style
        for column in placement.column..<(placement.column + placement.columns) {
            putNarrow(" ", row: row, column: column, style: CellStyle(foreground: band.foreground, background: band.background))
        }
    }
}

func drawTooSmall(size: TermSize, palette: Palette, into frame: inout Frame) {
    let lines = ["Make the window larger", "SwipeDeck needs at least \(TermSize.minimum)", "now \(size)", "q quits"]
    let top = max(0, (size.rows - lines.count) / 2)
    for (i, line) in lines.enumerated() {
        frame.centred(line, row: top + i, column: 0, width: size.columns, style: i == 0 ? palette.warning : palette.label)
    }
}

func drawStack(_ model: AppModel, geometry: StackGeometry, palette: Palette, into frame: inout Frame) {
    var painter = StackPainter(geometry: geometry, palette: palette, bidi: model.options.bidi)
    painter.pictureMode = model.options.pictures
    painter.pictureColours = model.options.pictureColours
    painter.pictures = model.pictures
    let overlays = OverlayPainter(geometry: geometry, palette: palette)
    guard let room = model.room else {
        if let at = model.joinRetryAt, case .joining = model.connection {
            let seconds = Int(((at - model.now) / 1000).rounded(.up))
            overlays.drawMessage(["joining in \(max(1, seconds)) s", "the server is slowing joins",
                                  "from this network (someone on", "it tried wrong room codes)"], into: &frame)
        } else {
            overlays.drawMessage([model.connection.label, "waiting for the server"], into: &frame)
        }
        return
    }
    if room.phase == .lobby {
        LobbyPainter(model: model, room: room, geometry: geometry, palette: palette).draw(into: &frame)
        return
    }
    let layout = model.layout
    let visible = Array(room.visible.prefix(StackMotion.layoutSlots(layout)))
    if visible.isEmpty && model.leaving.isEmpty {
        overlays.drawEmpty(into: &frame)
    }
    var layers: [StackPainter.Layer] = []
    var ghosts: [(rect: Rect, transform: CardTransform, label: String)] = []
    for (index, card) in visible.enumerated().reversed() {
        let rect = StackMotion.frame(forCardAt: index, visibleCount: max(visible.count, 1), layout: layout)
        var transform = model.playing[card.id]?.sample(now: model.now) ?? .identity
        var stamp: StackPainter.Stamp?
        if index == 0 {
            for (member, state) in model.remoteDrags.sorted(by: { $0.key < $1.key }) where state.card == card.id {
                let name = room.members.first { $0.id == member }?.name ?? member.rawValue
                let t = CardTransform(translation: Point(x: state.x, y: state.y), rotation: state.rotation)
                ghosts.append((rect, t, TextMetrics.truncate(TextMetrics.clean(name), to: 12) + " " + ChromePainter.leanMarker(state)))
            }
            if let drag = model.drag, drag.card == card.id {
                let state = StackMotion.drag(translation: drag.translation)
                transform = state.transform
                stamp = state.direction.map { StackPainter.Stamp(vote: $0.vote, progress: state.progress) }
            } else if let vote = model.myVote(on: card.id) {
                stamp = StackPainter.Stamp(vote: vote, progress: 0.5)
            }
        }
        layers.append(StackPainter.Layer(card: card, rect: rect, transform: transform, depth: index, stamp: stamp,
                                         receded: StackMotion.isReceded(index: index, layout: layout)))
    }
    for leaving in model.leaving {
        let rect = StackMotion.frame(forCardAt: 0, visibleCount: max(visible.count + 1, 1), layout: layout)
        layers.append(StackPainter.Layer(card: leaving.card, rect: rect, transform: leaving.motion.sample(now: model.now), depth: 0,
                                         stamp: StackPainter.Stamp(vote: leaving.direction.vote, progress: 1)))
    }
    let cards = painter.drawLayers(layers, into: &frame)
    for ghost in ghosts {
        painter.drawGhost(rect: ghost.rect, transform: ghost.transform, label: ghost.label, behind: cards,
                          recededLayers: layers.prefix { $0.receded }.count, into: &frame)
    }
}
