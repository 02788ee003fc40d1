// Shim over ncursesw for Swift. SwiftPM drops ncursesw.pc's -D_XOPEN_SOURCE flags, so the wide
// character API must be asked for here. Editing this file does not trigger a rebuild.
#ifndef SWIPEDECK_CNCURSESW_SHIM_H
#define SWIPEDECK_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncurses.h>
#include <stdio.h>

/// Attribute and mouse constants Swift does not import.
static inline attr_t swipe_a_bold(void) { return A_BOLD; }
static inline attr_t swipe_a_reverse(void) { return A_REVERSE; }
static inline attr_t swipe_a_dim(void) { return A_DIM; }
static inline attr_t swipe_a_underline(void) { return A_UNDERLINE; }
static inline attr_t swipe_a_normal(void) { return A_NORMAL; }
static inline mmask_t swipe_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t swipe_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t swipe_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t swipe_button1_released(void) { return BUTTON1_RELEASED; }

/// stdscr, LINES, COLS and stdout are globals Swift 6 rejects; reach them through functions.
static inline WINDOW *swipe_stdscr(void) { return stdscr; }
static inline void swipe_write_stdout(const char *text) { fputs(text, stdout); fflush(stdout); }

/// Set one wide-character cell: the grapheme's code points (NUL-terminated, at most CCHARW_MAX),
/// attribute, pair. setcchar keeps only the first spacing code point (it cut ZWJ sequences and
/// dropped skin tones), so it is given the first one and the rest are stored as they are.
static inline int swipe_put_cell(WINDOW *win, int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    wchar_t first[2] = { chars[0], 0 };
    cchar_t cell;
    if (setcchar(&cell, first, attrs, pair, NULL) != OK) return ERR;
    int i = 1;
    for (; i < CCHARW_MAX && chars[i] != 0; i++) cell.chars[i] = chars[i];
    for (; i < CCHARW_MAX; i++) cell.chars[i] = 0;
    return mvwadd_wch(win, y, x, &cell);
}

/// The code points curses holds in a cell (up to CCHARW_MAX, NUL-terminated in `out`); the count.
static inline int swipe_cell_code_points(WINDOW *win, int y, int x, wchar_t *out) {
    cchar_t cell;
    if (mvwin_wch(win, y, x, &cell) != OK) return 0;
    int n = 0;
    for (; n < CCHARW_MAX && cell.chars[n] != 0; n++) out[n] = cell.chars[n];
    out[n] = 0;
    return n;
}

/// Colour capabilities (COLORS and COLOR_PAIRS are globals Swift 6 rejects).
static inline int swipe_colors(void) { return COLORS; }
static inline int swipe_color_pairs(void) { return COLOR_PAIRS; }

/* Terminal hygiene (used by SwipeClient's TerminalSession; call install, take and set_wake from one
   Swift file: the state below is per translation unit). Stop signals (INT, TERM, HUP) and the
   suspend key (TSTP) only set a flag and write one byte to the wake descriptor, so the main loop's
   poll() returns at once whichever thread the kernel chose; the loop restores the terminal. Crash
   signals (SEGV, BUS, ILL, FPE, ABRT, TRAP: Swift traps) restore the terminal here, then re-raise. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t swipe_stop_signal_seen = 0;
static volatile sig_atomic_t swipe_suspend_seen = 0;
static volatile sig_atomic_t swipe_signal_wake_fd = -1;

static void swipe_wake_main_loop(void) {
    int saved = errno;
    int fd = swipe_signal_wake_fd;
    if (fd >= 0) {
        char byte = 1;
        ssize_t ignored = write(fd, &byte, 1);   /* a full pipe already means "wake up" */
        (void)ignored;
    }
    errno = saved;
}

static void swipe_on_stop_signal(int sig) { swipe_stop_signal_seen = sig; swipe_wake_main_loop(); }

static void swipe_on_suspend_signal(int sig) { (void)sig; swipe_suspend_seen = 1; swipe_wake_main_loop(); }

static void swipe_on_crash_signal(int sig) {
    static const char reset[] = "\033[?1003l\033[?1002l\033[?1000l\033[?1006l\033[0m\033[?25h\033[?1049l\r\n";
    ssize_t ignored = write(STDOUT_FILENO, reset, sizeof reset - 1);
    (void)ignored;
    endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

static inline void swipe_set_handler(int sig, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    sigaction(sig, &action, NULL);
}

/// Installs the handlers. Call before initscr(): curses then leaves SIGINT, SIGTERM and SIGTSTP to us.
static inline void swipe_install_signal_handlers(void) {
    swipe_set_handler(SIGINT, swipe_on_stop_signal, SA_RESTART);
    swipe_set_handler(SIGTERM, swipe_on_stop_signal, SA_RESTART);
    swipe_set_handler(SIGHUP, swipe_on_stop_signal, SA_RESTART);
    swipe_set_handler(SIGTSTP, swipe_on_suspend_signal, SA_RESTART);
    const int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (unsigned i = 0; i < sizeof crashes / sizeof crashes[0]; i++) swipe_set_handler(crashes[i], swipe_on_crash_signal, SA_RESETHAND);
    signal(SIGPIPE, SIG_IGN);
    /* A parent may hand us a blocked mask (seen with tmux): make sure the stop signals arrive. */
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGTSTP);
    sigaddset(&wanted, SIGCONT);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

/// Where the handlers write a byte when a stop or suspend signal arrives (-1: nowhere).
static inline void swipe_set_signal_wake_fd(int fd) { swipe_signal_wake_fd = fd; }

/// The stop signal received since the last call (0 when none).
static inline int swipe_take_stop_signal(void) {
    int sig = swipe_stop_signal_seen;
    swipe_stop_signal_seen = 0;
    return sig;
}

/// Whether the suspend key (SIGTSTP) was pressed since the last call.
static inline int swipe_take_suspend_request(void) {
    int seen = swipe_suspend_seen;
    swipe_suspend_seen = 0;
    return seen;
}

/// Stops this process as SIGTSTP's default action would (returns after `fg` / SIGCONT).
static inline void swipe_stop_self(void) { kill(getpid(), SIGSTOP); }

/// Whether terminfo knows `term` and it can address the cursor (initscr would exit the process
/// on an unknown terminal, and a "dumb" one cannot draw a screen). Reads the terminfo database.
#include <term.h>
static inline int swipe_terminal_can_address(const char *term) {
    int error = 0;
    TERMINAL *saved = cur_term;
    if (setupterm(term, STDOUT_FILENO, &error) != OK) return 0;
    char *cup = tigetstr("cup");
    int ok = cup != NULL && cup != (char *)-1;
    TERMINAL *probe = set_curterm(saved);
    if (probe != NULL && probe != saved) del_curterm(probe);
    return ok;
}

/// After endwin(): a terminal without an alternate screen (linux, vt100) still shows the last
/// frame, so clear it there. Needs curses' terminal (call before delscreen).
static inline void swipe_clear_if_no_alternate_screen(void) {
    char *smcup = tigetstr("smcup");
    if (smcup != NULL && smcup != (char *)-1) return;
    char *clear = tigetstr("clear");
    if (clear != NULL && clear != (char *)-1) { putp(clear); fflush(stdout); }
}

/// Reads one mouse event: button state and position; returns ERR when there is none.
static inline int swipe_get_mouse(mmask_t *bstate, int *y, int *x) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *bstate = event.bstate;
    *y = event.y;
    *x = event.x;
    return OK;
}

#endif
