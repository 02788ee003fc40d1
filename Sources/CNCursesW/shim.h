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
static inline mmask_t swipe_button1_clicked(void) { return BUTTON1_CLICKED; }

/// stdscr, LINES, COLS and stdout are globals Swift 6 rejects; reach them through functions.
static inline WINDOW *swipe_stdscr(void) { return stdscr; }
static inline void swipe_write_stdout(const char *text) { fputs(text, stdout); fflush(stdout); }

/// Set one wide-character cell: the grapheme's code points (base + combining), attribute, pair.
static inline int swipe_put_cell(WINDOW *win, int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

#endif
