import SwipeCore

/// Draws cards into a frame: outline (crisp or rasterised), fill, shadow, image area, title,
/// body, tags and the LIKE / NOPE / SUPER stamp, all placed through the card's transform so
/// text and stamps lean with a tilted card. Everything is clipped to the card area.
struct StackPainter {
    let geometry: StackGeometry
    let palette: Palette
    /// Who orders right-to-left text (the client with FriBidi, or the terminal).
    var bidi: BidiMode = .client
    /// Card pictures (symbols in the frame; `off`: never) and what has arrived.
    var pictureMode: PictureMode = .off
    var pictureColours: PictureColours = .palette256
    var pictures = PictureShelf()

    var clipColumns: Range<Int> { 0..<geometry.stackColumns }
    var clipRows: Range<Int> { geometry.stackRows }

    func inClip(_ key: CellRasterizer.CellKey) -> Bool { clipColumns.contains(key.column) && clipRows.contains(key.row) }

    /// The stamp shown on a card: which vote and how far along (0…1; ≥ 1 is full strength).
    struct Stamp {
        var vote: Vote
        var progress: Double
    }

    /// One card to draw: where it rests, how it is moved, how deep in the stack, its stamp.
    struct Layer {
        var card: Card
        var rect: Rect
        var transform: CardTransform
        var depth: Int
        var stamp: Stamp?
        /// Drawn dimmer than a card behind and without text: Koloda's semi-transparent background card.
        var receded = false
    }

    /// Draws cards back to front. Each card hides what is under it (its whole rotated shape is
    /// filled with card background before its text), and a text line of a card that another card
    /// in front partly covers is left out, so no half-hidden words peek out beside a moving card.
    /// Returns which cards cover each cell.
    @discardableResult
    func drawLayers(_ layers: [Layer], into frame: inout Frame) -> LayerGrid {
        let rasters = layers.map { layer -> CellRasterizer.Raster in
            guard layer.transform.isDrawable, layer.transform.alpha > 0.08 else { return CellRasterizer.Raster() }
            return CellRasterizer(geometry: geometry).rasterize(frame: layer.rect, transform: layer.transform, withShadow: layer.depth == 0)
        }
        var grid = LayerGrid(size: geometry.size)
        for (index, raster) in rasters.enumerated() { grid.add(raster, layer: index) }
        for (index, layer) in layers.enumerated() {
            var raster = rasters[index]
            // No lone shadow dot just left of a card behind (it reads as a stray glyph beside that card's border).
            raster.shadow.removeAll { grid.isCovered(CellRasterizer.CellKey(row: $0.row, column: $0.column + 1), behind: index) }
            let behindOthers = index < layers.count - 1
            drawCard(layer.card, rect: layer.rect, transform: layer.transform, depth: layer.depth, stamp: layer.stamp, receded: layer.receded,
                     raster: raster, hidden: behindOthers ? { grid.isCovered($0, inFrontOf: index) } : nil,
                     skipping: behindOthers ? (grid, index) : nil, into: &frame)
        }
        return grid
    }

    /// Draws one card. `skipping` names cells not worth filling: those a card drawn later (in
    /// front of `layer`) covers, which that card paints over anyway (its text lines avoid them too, through `hidden`).
    func drawCard(_ card: Card, rect: Rect, transform: CardTransform, depth: Int, stamp: Stamp?, receded: Bool = false,
                  raster: CellRasterizer.Raster, hidden: ((CellRasterizer.CellKey) -> Bool)? = nil,
                  skipping: (grid: LayerGrid, layer: Int)? = nil, into frame: inout Frame) {
        guard transform.isDrawable, transform.alpha > 0.08 else { return }
        let faded = transform.alpha < 0.55
        func adjust(_ style: CellStyle) -> CellStyle {
            var s = style
            if faded { s.dim = true }
            return s
        }
        let border = adjust(receded ? palette.recededCard : depth == 0 ? palette.cardBorder : palette.backCardBorder)
        let fill = adjust(receded ? palette.recededCard : depth == 0 ? palette.cardFill : palette.backCardFill)
        for key in raster.shadow where inClip(key) && !raster.covers(key) && frame[key.row, key.column] == .blank {
            frame.put("░", row: key.row, column: key.column, style: palette.shadow)
        }
        let shape = CardShape(frame: rect, transform: transform)
        let showsPictures = pictureMode != .off && card.picture != nil
        let metrics = ContentMetrics(rect: rect, pointsPerColumn: geometry.pointsPerColumn, image: card.image, bidi: bidi,
                                     picture: showsPictures)
        let imageStyle = adjust(palette.image(card.image.color))
        // A picture is drawn on the resting top card only: while it is dragged, tilted or flying the
        // card shows its glyph, so a moving frame changes no more cells than one without pictures.
        let picture = depth == 0 && showsPictures && !receded && transform == .identity
            ? pictureCells(for: card, metrics: metrics, wanted: &frame.pictureCellsWanted) : nil
        if let picture, let etag = card.picture?.etag {
            frame.pixelPicture = pixelPlacement(picture, etag: etag, shape: shape)
        }
        // Moving, a card with a picture shows its glyph on the card's own fill: the picture's band
        // (larger than a glyph's) would add its edges to the cells every moving frame changes.
        let bandStyle = showsPictures && transform != .identity ? fill : imageStyle
        let rows = raster.rowRange.clamped(to: clipRows), columns = raster.columnRange.clamped(to: clipColumns)
        // Bound once, outside the loop (binding the optional per cell would copy the grid each time).
        let skipGrid = skipping?.grid ?? LayerGrid(size: TermSize(columns: 0, rows: 0)), skipLayer = skipping?.layer ?? Int.max
        raster.codes.withUnsafeBufferPointer { codes in
            for row in rows {
                let rasterBase = (row - raster.top) * raster.columns - raster.left
                for column in columns {
                    let code = codes[rasterBase + column]
                    if code == CellRasterizer.Raster.none { continue }
                    if skipLayer < Int.max, skipGrid.isCovered(row: row, column: column, inFrontOf: skipLayer) { continue }
                    if code == CellRasterizer.Raster.interior {
                        let local = depth == 0 ? shape.local(geometry.point(column: Double(column) + 0.5, row: Double(row) + 0.5)) : nil
                        let inImage = local.map { metrics.imageBand.contains($0.y) } ?? false
                        if inImage, let picture, let local, let cell = picture.cell(at: local, pointsPerColumn: geometry.pointsPerColumn) {
                            var style = cell.style
                            if style.background == nil, style.foreground == nil { style = imageStyle }
                            frame.putNarrow(cell.grapheme, row: row, column: column, style: adjust(style))
                            continue
                        }
                        frame.putNarrow(" ", row: row, column: column, style: inImage ? bandStyle : fill)
                    } else {
                        frame.putNarrow(CellRasterizer.Raster.glyph(code), row: row, column: column, style: border)
                    }
                }
            }
        }
        if receded { return }
        let writer = LocalWriter(geometry: geometry, shape: shape, raster: raster, clipRows: clipRows, clipColumns: clipColumns,
                                 hidden: hidden)
        // A stamp covers whole lines: card text on its rows is left out, never cut mid-word.
        let stampRows = stamp.flatMap { $0.progress >= 0.12 ? stampPlacement($0, metrics: metrics).rows : nil }
        for line in metrics.lines(for: card) where !(stampRows?.contains(line.row) ?? false) && !(picture != nil && line.role == .image) {
            var style: CellStyle
            switch line.role {
            case .image: style = palette.image(card.image.color)
            case .title: style = palette.title
            case .body: style = palette.body
            case .tags: style = palette.tags
            }
            if depth > 0 { style = palette.backCardFill }
            writer.write(line.text, localRow: line.row, localColumn: line.column, style: adjust(style), into: &frame)
        }
        if let stamp, stamp.progress >= 0.12 { drawStamp(stamp, metrics: metrics, writer: writer, into: &frame) }
    }

    /// Where a stamp goes on the card: its local rows, first column and the text inside its box.
    private func stampPlacement(_ stamp: Stamp, metrics: ContentMetrics) -> (rows: Range<Int>, column: Int, inner: String) {
        let pad = Int((min(1, stamp.progress) * 3).rounded(.down))
        let inner = String(repeating: " ", count: pad) + stamp.vote.stamp + String(repeating: " ", count: pad)
        let width = inner.count + 2
        let column: Int
        let row: Int
        switch stamp.vote {
        case .like: column = 2; row = 2
        case .nope: column = max(2, metrics.columns - 2 - width); row = 2
        case .superLike: column = max(2, (metrics.columns - width) / 2); row = max(2, metrics.rows - 6)
        }
        return (row..<(row + 3), column, inner)
    }

    /// The stamp grows with progress toward the real swipe threshold; it is dim until letting go
    /// would swipe, then shown at full strength (reversed).
    private func drawStamp(_ stamp: Stamp, metrics: ContentMetrics, writer: LocalWriter, into frame: inout Frame) {
        let (stampRows, column, inner) = stampPlacement(stamp, metrics: metrics)
        let row = stampRows.lowerBound
        let rows = ["╔" + String(repeating: "═", count: inner.count) + "╗", "║" + inner + "║",
                    "╚" + String(repeating: "═", count: inner.count) + "╝"]
        var style: CellStyle
        switch stamp.vote {
        case .like: style = palette.like
        case .nope: style = palette.nope
        case .superLike: style = palette.superLike
        }
        if stamp.progress >= 1 {
            style.reverse = true
        } else {
            style.bold = false
            style.dim = true
        }
        let anchor = writer.anchor(localRow: row + 1, localColumn: column)
        for (i, text) in rows.enumerated() {
            writer.write(text, row: anchor.row - 1 + i, column: anchor.column, style: style, into: &frame)
        }
    }

    /// Outline only, for another member's live drag of the card: a dashed frame (`GhostOutline`)
    /// with the member's name and lean above its top-left corner. Drawn after the stack, passing
    /// behind every card: only on empty cells, or over the first `recededLayers` layers (Koloda's
    /// dimmed background card, which would otherwise hide every ghost), never over a card in front.
    func drawGhost(rect: Rect, transform: CardTransform, label: String, behind cards: LayerGrid, recededLayers: Int = 0,
                   into frame: inout Frame) {
        guard transform.isDrawable else { return }
        func free(row: Int, column: Int) -> Bool {
            let key = CellRasterizer.CellKey(row: row, column: column)
            guard clipRows.contains(row), clipColumns.contains(column) else { return false }
            if cards.isCovered(key) { return !cards.isCovered(key, inFrontOf: recededLayers - 1) }
            return frame[row, column] == .blank
        }
        let outline = GhostOutline(geometry: geometry).cells(frame: rect, transform: transform)
        for cell in outline where free(row: cell.key.row, column: cell.key.column) {
            frame.putNarrow(cell.glyph, row: cell.key.row, column: cell.key.column,
                            style: cards.isCovered(cell.key) ? palette.ghostOnReceded : palette.ghost)
        }
        let corner = geometry.cell(for: CardShape(frame: rect, transform: transform).layout(.zero))
        let row = Int(corner.row.rounded(.down)) - 1, column = max(0, Int(corner.column.rounded()))
        if clipRows.contains(row), !cards.isCovered(CellRasterizer.CellKey(row: row, column: column), inFrontOf: recededLayers - 1) {
            frame.write(label, row: row, column: column, style: palette.ghostLabel, maxColumn: geometry.stackColumns)
        }
    }
}

/// Writes text in a card's own rows and columns, each line starting where the transform puts
/// its first cell, and only into cells inside the card (interior cells of its raster within the
/// clip). A line that touches a `hidden` cell (one a card in front covers) is left out whole.
struct LocalWriter {
    let geometry: StackGeometry
    let shape: CardShape
    let raster: CellRasterizer.Raster
    let clipRows: Range<Int>
    let clipColumns: Range<Int>
    var hidden: ((CellRasterizer.CellKey) -> Bool)?

    /// Whether text may go in a cell: inside the card and inside the clip.
    func accepts(row: Int, column: Int) -> Bool {
        clipRows.contains(row) && clipColumns.contains(column) && raster.isInterior(row: row, column: column)
    }

    /// The cell where the card's own (row, column) lands under the transform.
    func anchor(localRow: Int, localColumn: Int) -> (row: Int, column: Int) {
        let s = geometry.pointsPerColumn
        let y = (Double(localRow) + 0.5) * 2 * s
        // The row comes from the card's vertical centre line, so lines keep their order and spacing
        // whatever their start column; the column comes from where the line starts.
        let middle = geometry.cell(for: shape.layout(Point(x: shape.frame.width / 2, y: y)))
        let start = geometry.cell(for: shape.layout(Point(x: (Double(localColumn) + 0.5) * s, y: y)))
        return (Int(middle.row.rounded(.down)), Int(start.column.rounded(.down)))
    }

    /// Writes a line of the card starting where its first cell lands (the line leans with the card).
    /// A word the card's edge would cut is left out whole (no "-fi #epic" at a tilted corner).
    func write(_ text: String, localRow: Int, localColumn: Int, style: CellStyle, into frame: inout Frame) {
        let start = anchor(localRow: localRow, localColumn: localColumn)
        write(text, row: start.row, column: start.column, style: style, wholeWords: true, into: &frame)
    }

    /// Writes text from a screen cell, only into cells inside the card; with `wholeWords`, only
    /// words that fit entirely.
    func write(_ text: String, row: Int, column: Int, style: CellStyle, wholeWords: Bool = false, into frame: inout Frame) {
        if let hidden {
            let width = TextMetrics.width(text)
            if (column..<(column + width)).contains(where: { hidden(CellRasterizer.CellKey(row: row, column: $0)) }) { return }
        }
        var placed: [(character: String, column: Int, fits: Bool)] = []
        var column = column
        for ch in Frame.clusters(text) {
            let w = Frame.width(ch)
            guard w > 0 else { continue }
            let fits = accepts(row: row, column: column) && (w == 1 || accepts(row: row, column: column + 1))
            placed.append((ch, column, fits))
            column += w
        }
        var wordStart = 0
        for index in placed.indices where index == placed.count - 1 || placed[index + 1].character == " " || placed[index].character == " " {
            let word = placed[wordStart...index]
            wordStart = index + 1
            let wordFits = !wholeWords || word.allSatisfy(\.fits)
            for cell in word where cell.fits && wordFits {
                frame.put(cluster: cell.character, row: row, column: cell.column, style: style)
            }
        }
    }
}
