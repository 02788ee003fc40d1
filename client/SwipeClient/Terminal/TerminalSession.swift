// Shell: the curses terminal. Runs on the MAIN thread only. Owns initscr (or newterm with a
// direct-colour entry) and endwin, the mouse mode (xterm 1003 all-motion), signal handlers (stop and
// suspend signals set a flag taken here and write a byte to the main loop's wake pipe, as a resize
// does after curses' own handler; crash signals restore the terminal in the C handler), suspending
// on Ctrl-Z and reading input. Touches stdscr, stdout and this process's signal state.
import CNCursesW
import CTerminalSignals
import Foundation
import SwipeClientCore

/// The terminal while the client runs: started once, stopped once (also on Ctrl-C and crashes).
///
/// ```swift
/// let inbox = EventInbox()
/// let terminal = try TerminalSession.start(colour: true, wakeDescriptor: inbox.wakeDescriptor)
/// defer { terminal.stop() }
/// let events = terminal.readEvents(timeoutMs: 16)
/// ```
final class TerminalSession {
    let window: UnsafeMutablePointer<WINDOW>
    /// Colours available after NO_COLOR and terminal capabilities (0 = monochrome, 0x1000000 =
    /// direct colour: see DirectColourTerminal).
    let colours: Int
    var decoder = InputDecoder()
    var stopped = false

    private init(window: UnsafeMutablePointer<WINDOW>, colours: Int) {
        self.window = window
        self.colours = colours
    }

    /// Puts the terminal into full-screen mode with mouse tracking. `colour: false` forces monochrome.
    /// A stop or suspend signal writes a byte to `wakeDescriptor` (the main loop's poll wakes up).
    static func start(colour: Bool, wakeDescriptor: Int32) throws -> TerminalSession {
        swipe_set_signal_wake_fd(wakeDescriptor)
        swipe_install_signal_handlers()
        setlocale(LC_ALL, "")
        // With no locale set (LANG unset or C/POSIX: minimal containers, some ssh sessions) curses
        // would draw every wide, box-drawing and braille glyph blank; C.UTF-8 is always present on Debian.
        if let codeset = nl_langinfo(nl_item(CODESET)).map({ String(cString: $0) }), codeset == "ANSI_X3.4-1968" {
            setlocale(LC_ALL, "C.UTF-8")
        }
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { throw TerminalError.notATerminal }
        swipe_bound_terminal_size()   // an 8000 × 8000 window is drawn as 1000 × 1000 (SWIPE_MAX_COLUMNS)
        // COLORTERM=truecolor with a direct-colour terminfo entry: curses draws 24-bit colours.
        let direct = colour ? DirectColourTerminal.name(environment: ProcessInfo.processInfo.environment) : nil
        let started: UnsafeMutablePointer<WINDOW>? = if let direct { swipe_start_screen(direct) } else { initscr() }
        guard let window = started else { throw TerminalError.cannotStart }
        swipe_chain_resize_signal()   // a resize wakes the main loop, whichever thread took the signal
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        curs_set(0)
        set_escdelay(25)
        var colours = 0
        if colour, has_colors() {
            start_color()
            use_default_colors()
            colours = Int(swipe_colors())
        }
        mousemask(swipe_all_mouse_events() | swipe_report_mouse_position(), nil)
        mouseinterval(0)
        swipe_write_stdout("\u{1B}[?1003h")
        return TerminalSession(window: window, colours: colours)
    }

    /// Ctrl-Z: gives the terminal back (mouse off, curses ended), stops the process, and takes the
    /// screen again after `fg`. The caller repaints everything afterwards.
    func suspend() {
        guard !stopped else { return }
        swipe_write_stdout("\u{1B}[?1003l")
        curs_set(1)
        endwin()
        swipe_stop_self()
        // Running again (SIGCONT): curses resumes on the next refresh; mouse tracking is ours.
        wrefresh(window)
        curs_set(0)
        swipe_write_stdout("\u{1B}[?1003h")
    }

    /// Whether Ctrl-Z (SIGTSTP) was pressed since the last call.
    func takeSuspendRequest() -> Bool { swipe_take_suspend_request() != 0 }

    /// Restores the terminal (mouse mode off, curses ended). Safe to call twice.
    func stop() {
        guard !stopped else { return }
        stopped = true
        swipe_write_stdout("\u{1B}[?1003l")
        curs_set(1)
        endwin()
        swipe_clear_if_no_alternate_screen()
        swipe_set_signal_wake_fd(-1)
    }

    /// Whether the terminal is still there (false once the tty has gone away).
    var isAttached: Bool { isatty(STDIN_FILENO) != 0 }

    /// `size` within SWIPE_MAX_COLUMNS × SWIPE_MAX_ROWS cells and SWIPE_MAX_CELL_WIDTH ×
    /// SWIPE_MAX_CELL_HEIGHT pixels a cell, as the SIGWINCH handler sets the terminal back to.
    ///
    /// ```swift
    /// TerminalSession.bounded(winsize(ws_row: 8000, ws_col: 8000, ws_xpixel: 0, ws_ypixel: 0)).ws_col   // 1000
    /// ```
    static func bounded(_ size: winsize) -> winsize { swipe_bounded_winsize(size) }

    /// The current size in cells, at most SWIPE_MAX_COLUMNS × SWIPE_MAX_ROWS.
    var size: TermSize {
        TermSize(columns: min(Int(getmaxx(window)), Int(SWIPE_MAX_COLUMNS)), rows: min(Int(getmaxy(window)), Int(SWIPE_MAX_ROWS)))
    }

    /// The stop signal (SIGINT, SIGTERM, SIGHUP) received since the last call, or 0.
    func takeStopSignal() -> Int32 { swipe_take_stop_signal() }

    /// A painter for this terminal.
    func makePainter() -> CursesPainter { CursesPainter(window: window, colours: ColourMapper(colours: colours)) }

    /// Waits up to `timeoutMs` for input, then reads everything already queued.
    func readEvents(timeoutMs: Int32) -> [AppEvent] {
        var events: [AppEvent] = []
        // Typed characters, held until the read ends so that a terminal's late answer to a query
        // (InputDecoder.droppingTerminalAnswers) is dropped whole rather than read as keys.
        var typed: [Unicode.Scalar] = []
        func takeTyped() {
            for scalar in InputDecoder.droppingTerminalAnswers(typed) { events += decoder.character(scalar) }
            typed.removeAll()
        }
        wtimeout(window, timeoutMs)
        var first = true
        while true {
            if !first { wtimeout(window, 0) }
            first = false
            var wch: wint_t = 0
            let status = wget_wch(window, &wch)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                takeTyped()
                events += functionKey(Int32(wch))
            } else if let scalar = Unicode.Scalar(UInt32(wch)) {
                typed.append(scalar)
            }
            if events.count + typed.count > 256 { break }
        }
        takeTyped()
        return events
    }

    private func functionKey(_ code: Int32) -> [AppEvent] {
        switch code {
        case KEY_MOUSE:
            var events: [AppEvent] = []
            var state: mmask_t = 0
            var y: Int32 = 0, x: Int32 = 0
            var reads = 0
            while reads < 32, swipe_get_mouse(&state, &y, &x) == OK {
                reads += 1
                let pressed = state & swipe_button1_pressed() != 0
                let released = state & swipe_button1_released() != 0
                let motion = state & swipe_report_mouse_position() != 0
                events += decoder.mouse(pressed: pressed, released: released, motion: motion, row: Int(y), column: Int(x))
            }
            return events
        case KEY_RESIZE: return decoder.functionKey(.resize, size: size)
        case KEY_LEFT: return decoder.functionKey(.left, size: size)
        case KEY_RIGHT: return decoder.functionKey(.right, size: size)
        case KEY_UP: return decoder.functionKey(.up, size: size)
        case KEY_DOWN: return decoder.functionKey(.down, size: size)
        case KEY_PPAGE: return decoder.functionKey(.pageUp, size: size)
        case KEY_NPAGE: return decoder.functionKey(.pageDown, size: size)
        case KEY_HOME: return decoder.functionKey(.home, size: size)
        case KEY_END: return decoder.functionKey(.end, size: size)
        case KEY_BACKSPACE, KEY_DC: return decoder.functionKey(.backspace, size: size)
        default: return []
        }
    }
}

/// Why the terminal could not be used.
///
/// ```swift
/// TerminalError.notATerminal.description   // "swipe needs an interactive terminal (stdin and stdout are not a tty)"
/// ```
enum TerminalError: Error, CustomStringConvertible {
    case notATerminal
    case cannotStart

    var description: String {
        switch self {
        case .notATerminal: return "swipe needs an interactive terminal (stdin and stdout are not a tty)"
        case .cannotStart: return "could not start the terminal interface (check TERM)"
        }
    }
}
