// Shell: a curses screen on /dev/null, for measuring painting (`swipe-bench render`). Use it from
// ONE thread, and never in a process that also runs the real terminal (TerminalSession): it
// sets the process locale to C.UTF-8 and makes its screen curses' current one. Touches only the
// screen it made and the two /dev/null streams it opened.
#if canImport(Glibc)
import Glibc
#endif
import CNCursesW
import SwipeClientCore

/// A real ncursesw screen (xterm-256color, or another terminfo entry such as the direct-colour
/// xterm-direct) that writes to /dev/null, painted through the same
/// painter as the terminal client, so the cost of painting a frame's changes can be timed.
///
/// ```swift
/// if let screen = OffscreenCursesScreen(size: TermSize(columns: 200, rows: 60)) {
///     let frame = view(model, size: screen.size)
///     screen.paint(FrameDiff.runs(from: nil, to: frame), making: frame)
///     screen.close()
/// }
/// ```
public final class OffscreenCursesScreen {
    /// The screen's size.
    public let size: TermSize
    private var painter: CursesPainter
    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private var closed = false

    /// Makes the screen; nil when curses cannot (no such terminfo entry, no /dev/null).
    ///
    /// ```swift
    /// let screen = OffscreenCursesScreen(size: TermSize(columns: 80, rows: 24))
    /// let direct = OffscreenCursesScreen(size: TermSize(columns: 80, rows: 24), terminal: "xterm-direct")
    /// ```
    public init?(size: TermSize, terminal: String = "xterm-256color") {
        setlocale(LC_ALL, "C.UTF-8")
        guard let output = fopen("/dev/null", "w") else { return nil }
        guard let input = fopen("/dev/null", "r") else {
            fclose(output)
            return nil
        }
        guard let screen = newterm(terminal, output, input) else {
            fclose(output)
            fclose(input)
            return nil
        }
        set_term(screen)
        resizeterm(Int32(size.rows), Int32(size.columns))
        start_color()
        use_default_colors()
        self.size = size
        self.screen = screen
        self.output = output
        self.input = input
        painter = CursesPainter(window: swipe_stdscr(), colours: ColourMapper(colours: Int(swipe_colors())))
    }

    /// Draws runs computed from the previously painted frame to `frame`, then refreshes (the
    /// escape sequences go to /dev/null).
    ///
    /// ```swift
    /// screen.paint(FrameDiff.runs(from: previous, to: frame), making: frame)
    /// ```
    public func paint(_ runs: [FrameRun], making frame: Frame) {
        guard !closed else { return }
        painter.apply(runs, making: frame)
    }

    /// The characters curses holds at a position (ASCII text only), for tests.
    func text(row: Int, column: Int, count: Int) -> String {
        guard !closed, count > 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: count + 1)
        _ = mvwinnstr(swipe_stdscr(), Int32(row), Int32(column), &buffer, Int32(count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The code points curses holds in one cell, as a string, for tests.
    func cluster(row: Int, column: Int) -> String {
        guard !closed else { return "" }
        var buffer = [wchar_t](repeating: 0, count: 8)
        let count = Int(swipe_cell_code_points(swipe_stdscr(), Int32(row), Int32(column), &buffer))
        return String(String.UnicodeScalarView(buffer.prefix(count).compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
    }

    /// The colours curses holds for one cell (terminal colour numbers, -1 for the default), for tests.
    func colours(row: Int, column: Int) -> (foreground: Int, background: Int)? {
        guard !closed else { return nil }
        var pair: Int32 = 0, fg: Int32 = 0, bg: Int32 = 0
        guard swipe_cell_colours(swipe_stdscr(), Int32(row), Int32(column), &pair, &fg, &bg) == OK else { return nil }
        return (Int(fg), Int(bg))
    }

    /// Runs `body` with the screen's painter (tests: what is drawn over it outside curses).
    func withPainter<T>(_ body: (inout CursesPainter) -> T) -> T { body(&painter) }

    /// The colours the screen has (0x1000000 for direct colour).
    public var colourCount: Int { Int(swipe_colors()) }

    /// How many times the painter's colour-pair table filled and started again.
    public var pairTableResets: Int { painter.pairTableResets }

    /// Ends curses on the screen and closes its streams. Safe to call twice.
    ///
    /// ```swift
    /// screen.close()
    /// ```
    public func close() {
        guard !closed else { return }
        closed = true
        endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
    }

    deinit { close() }
}
