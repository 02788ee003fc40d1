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

/// Set one wide-character cell: the grapheme's code points (base + combining), attribute, pair.
static inline int swipe_put_cell(WINDOW *win, int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

/// Colour capabilities (COLORS and COLOR_PAIRS are globals Swift 6 rejects).
static inline int swipe_colors(void) { return COLORS; }
static inline int swipe_color_pairs(void) { return COLOR_PAIRS; }

/* Terminal hygiene (used by SwipeClient's TerminalSession; call install and take from one Swift file:
   the flag below is per translation unit). Stop signals (INT, TERM, HUP) only set a flag the main
   loop polls; crash signals (SEGV, BUS, ILL, FPE, ABRT, TRAP: Swift traps) restore the terminal, then re-raise. */
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t swipe_stop_signal_seen = 0;

static void swipe_on_stop_signal(int sig) { swipe_stop_signal_seen = sig; }

static void swipe_on_crash_signal(int sig) {
    static const char reset[] = "\033[?1003l\033[?1002l\033[?1000l\033[?1006l\033[0m\033[?25h\033[?1049l\r\n";
    ssize_t ignored = write(STDOUT_FILENO, reset, sizeof reset - 1);
    (void)ignored;
    endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

static inline void swipe_install_signal_handlers(void) {
    struct sigaction stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = swipe_on_stop_signal;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, &stop, NULL);
    sigaction(SIGTERM, &stop, NULL);
    sigaction(SIGHUP, &stop, NULL);
    struct sigaction crash;
    memset(&crash, 0, sizeof crash);
    crash.sa_handler = swipe_on_crash_signal;
    sigemptyset(&crash.sa_mask);
    crash.sa_flags = SA_RESETHAND;
    sigaction(SIGSEGV, &crash, NULL);
    sigaction(SIGBUS, &crash, NULL);
    sigaction(SIGILL, &crash, NULL);
    sigaction(SIGFPE, &crash, NULL);
    sigaction(SIGABRT, &crash, NULL);
    sigaction(SIGTRAP, &crash, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* A parent may hand us a blocked mask (seen with tmux): make sure the stop signals arrive. */
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

/// The stop signal received since the last call (0 when none).
static inline int swipe_take_stop_signal(void) {
    int sig = swipe_stop_signal_seen;
    swipe_stop_signal_seen = 0;
    return sig;
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
