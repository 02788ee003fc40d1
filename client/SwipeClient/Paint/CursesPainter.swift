// Shell: ncursesw painter. Runs on the MAIN thread only (the one that called initscr); touches
// the curses screen (stdscr) and nothing else. Applies FrameDiff runs with swipe_put_cell.
import CNCursesW
import SwipeClientCore

/// Draws frames on the curses screen, cell by cell, only where they changed. Colour pairs are
/// made as styles need them (ncurses' extended pairs: a direct-colour terminal has 65536); when the
/// terminal's pairs run out (pictures in 24-bit colour use many), the table starts again and the
/// whole frame is drawn with the new one.
///
/// ```swift
/// var painter = CursesPainter(window: swipe_stdscr(), colours: ColourMapper(colours: 256))
/// painter.paint(view(model, size: size))
/// ```
struct CursesPainter {
    let window: UnsafeMutablePointer<WINDOW>
    let mapper: ColourMapper
    var previous: Frame?
    var pairs: [PairKey: Int32] = [:]
    let maxPairs: Int
    /// The attributes and colour pair of the last style drawn (runs repeat a style cell after cell).
    private var lastStyle: CellStyle?
    private var lastAttributes = swipe_a_normal()
    private var lastPair: Int32 = 0
    /// A style in this frame found the pair table full (its cell was drawn without colour).
    private var pairsRanOut = false
    /// How many times the pair table started again (for tests and the render benchmark).
    private(set) var pairTableResets = 0
    /// How many times every cell was drawn again (a clear, a pair table started again): anything
    /// written over the cells outside curses (kitty and sixel pictures) is gone and is drawn again.
    private(set) var fullRedraws = 0

    struct PairKey: Hashable {
        var foreground: Int
        var background: Int
    }

    /// Creates a painter on a curses window.
    init(window: UnsafeMutablePointer<WINDOW>, colours: ColourMapper) {
        self.window = window
        self.mapper = colours
        self.maxPairs = Int(swipe_color_pairs())
    }

    /// Forgets what is on screen (after a resize or a redraw request): the next paint draws everything.
    mutating func invalidate() {
        previous = nil
        wclear(window)
        fullRedraws += 1
    }

    /// Sends the rows again as they are (`wredrawln`): what was written over them outside curses (a
    /// sixel picture) is covered by the cells curses holds, and nothing else on the screen moves.
    mutating func redrawRows(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        wredrawln(window, Int32(rows.lowerBound), Int32(rows.count))
        wnoutrefresh(window)
        doupdate()
    }

    /// Draws the changes from the previous frame and refreshes. Returns the number of runs drawn.
    @discardableResult
    mutating func paint(_ frame: Frame) -> Int {
        let runs = FrameDiff.runs(from: previous, to: frame)
        apply(runs, making: frame)
        return runs.count
    }

    /// Draws runs already computed from the previous frame to `frame`, and refreshes.
    mutating func apply(_ runs: [FrameRun], making frame: Frame) {
        draw(runs)
        if pairsRanOut {
            // Start the pair table again and draw every cell with it (cells drawn before keep pairs
            // that now mean other colours). A frame that needs more pairs than the terminal has
            // draws the rest without colour, as before.
            pairs.removeAll(keepingCapacity: true)
            lastStyle = nil
            pairTableResets += 1
            fullRedraws += 1
            draw(FrameDiff.runs(from: nil, to: frame))
            pairsRanOut = false
        }
        previous = frame
        wnoutrefresh(window)
        doupdate()
    }

    private mutating func draw(_ runs: [FrameRun]) {
        for run in runs {
            var column = run.column
            for cell in run.cells {
                defer { column += 1 }
                if cell.isContinuation { continue }
                draw(cell, row: run.row, column: column)
            }
        }
    }

    private mutating func draw(_ cell: Cell, row: Int, column: Int) {
        let style = cell.style
        if style != lastStyle {
            var attributes = swipe_a_normal()
            if style.bold { attributes |= swipe_a_bold() }
            if style.dim { attributes |= swipe_a_dim() }
            if style.reverse { attributes |= swipe_a_reverse() }
            if style.underline { attributes |= swipe_a_underline() }
            lastStyle = style
            lastAttributes = attributes
            lastPair = pairNumber(for: style)
        }
        // The grapheme's code points, NUL-terminated, without a heap array for the usual short ones;
        // a cluster longer than curses holds is cut where CursesCluster says.
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: CursesCluster.maxCodePoints + 1) { chars in
            guard let base = chars.baseAddress else { return }
            var count = 0
            let scalars = cell.grapheme.unicodeScalars
            if scalars.count <= CursesCluster.maxCodePoints {
                for scalar in scalars {
                    chars[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
            } else {
                for value in CursesCluster.codePoints(cell.grapheme) {
                    chars[count] = wchar_t(bitPattern: value)
                    count += 1
                }
            }
            if count == 0 {
                chars[0] = 32
                count = 1
            }
            chars[count] = 0
            _ = swipe_put_cell(window, Int32(row), Int32(column), base, lastAttributes, lastPair)
        }
    }

    private mutating func pairNumber(for style: CellStyle) -> Int32 {
        let fg = mapper.terminalColour(style.foreground) ?? -1
        let bg = mapper.terminalColour(style.background) ?? -1
        if fg == -1 && bg == -1 { return 0 }
        let key = PairKey(foreground: fg, background: bg)
        if let pair = pairs[key] { return pair }
        guard pairs.count + 1 < maxPairs else {
            pairsRanOut = true
            return 0
        }
        let pair = Int32(pairs.count + 1)
        init_extended_pair(pair, Int32(fg), Int32(bg))
        pairs[key] = pair
        return pair
    }
}
