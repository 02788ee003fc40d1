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
/// The pair is an int (ncurses' extended pairs, passed through setcchar's `opts`): a direct-colour
/// terminal has 65536 of them, more than a short holds.
static inline int swipe_put_cell(WINDOW *win, int y, int x, const wchar_t *chars, attr_t attrs, int pair) {
    wchar_t first[2] = { chars[0], 0 };
    cchar_t cell;
    if (setcchar(&cell, first, attrs, 0, &pair) != OK) return ERR;
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

/// Starts curses on stdin/stdout with the terminfo entry `term` instead of $TERM (initscr's);
/// returns stdscr, or NULL when curses cannot (newterm fails instead of exiting, as initscr would).
static inline WINDOW *swipe_start_screen(const char *term) {
    SCREEN *screen = newterm(term, stdout, stdin);
    if (screen == NULL) return NULL;
    set_term(screen);
    return stdscr;
}

/// Colour capabilities (COLORS and COLOR_PAIRS are globals Swift 6 rejects).
static inline int swipe_colors(void) { return COLORS; }
static inline int swipe_color_pairs(void) { return COLOR_PAIRS; }

/// The colour pair of the cell at (y, x) and its two colours (-1 for the default); ERR if none.
static inline int swipe_cell_colours(WINDOW *win, int y, int x, int *pair, int *fg, int *bg) {
    cchar_t cell;
    wchar_t chars[CCHARW_MAX + 1];
    attr_t attrs;
    short shortPair;
    if (mvwin_wch(win, y, x, &cell) != OK) return ERR;
    if (getcchar(&cell, chars, &attrs, &shortPair, pair) != OK) return ERR;
    return extended_pair_content(*pair, fg, bg);
}


/* Signal handling (stop, suspend, crash) is in the CTerminalSignals C target: its state must exist
   once per process, which a header's static variables cannot promise (a release build inlined the
   main loop into the `swipe` module, which then read its own copy and never saw Ctrl-C). */

/// What terminfo says of `term`, read without touching the current terminal (initscr would exit
/// the process on an unknown terminal). 0 when terminfo has no entry for it.
#include <term.h>
#include <unistd.h>
enum {
    SWIPE_TERMINFO_KNOWN = 1,
    SWIPE_TERMINFO_ADDRESSES_CURSOR = 2,   /* has `cup` (a "dumb" terminal cannot draw a screen) */
    SWIPE_TERMINFO_DIRECT_COLOUR = 4,      /* colors#0x1000000 and RGB: colours are 0xRRGGBB */
};
static inline int swipe_terminfo_flags(const char *term) {
    int error = 0;
    TERMINAL *saved = cur_term;
    if (setupterm(term, STDOUT_FILENO, &error) != OK) return 0;
    int flags = SWIPE_TERMINFO_KNOWN;
    char *cup = tigetstr("cup");
    if (cup != NULL && cup != (char *)-1) flags |= SWIPE_TERMINFO_ADDRESSES_CURSOR;
    if (tigetnum("colors") >= 0x1000000 && tigetflag("RGB") > 0) flags |= SWIPE_TERMINFO_DIRECT_COLOUR;
    TERMINAL *probe = set_curterm(saved);
    if (probe != NULL && probe != saved) del_curterm(probe);
    return flags;
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
