// Signal handling for the terminal client: stop signals (INT, TERM, HUP) and the suspend key (TSTP)
// set a flag and write one byte to the wake descriptor; crash signals restore the terminal and
// re-raise. A C target (not a header shim) so its state exists once per process.
#ifndef SWIPEDECK_CTERMINALSIGNALS_H
#define SWIPEDECK_CTERMINALSIGNALS_H

/// Installs the handlers. Call before initscr(): curses then leaves SIGINT, SIGTERM and SIGTSTP to us.
void swipe_install_signal_handlers(void);
/// Where the handlers write a byte when a stop or suspend signal arrives (-1: nowhere).
void swipe_set_signal_wake_fd(int fd);
/// Puts a wake-up after curses' SIGWINCH handler (call after initscr).
void swipe_chain_resize_signal(void);
/// The stop signal received since the last call (0 when none).
int swipe_take_stop_signal(void);
/// Whether the suspend key (SIGTSTP) was pressed since the last call.
int swipe_take_suspend_request(void);
#include <sys/ioctl.h>

/// The largest terminal the client draws, in cells (a window sized past it is set back to it:
/// far above any real screen, far below the gigabytes an 8000 × 8000 frame would take).
#define SWIPE_MAX_COLUMNS 1000
#define SWIPE_MAX_ROWS 1000
/// The largest cell, in pixels, that a terminal's ws_xpixel / ws_ypixel may claim.
#define SWIPE_MAX_CELL_WIDTH 64
#define SWIPE_MAX_CELL_HEIGHT 128
/// `size` within the bounds above (cells, then pixels scaled with them and capped per cell).
struct winsize swipe_bounded_winsize(struct winsize size);
/// Sets the terminal's own size (TIOCSWINSZ on standard output) back within the bounds when it is
/// past them; async-signal-safe (called from the SIGWINCH handler, and before initscr).
void swipe_bound_terminal_size(void);
/// Stops this process as SIGTSTP's default action would (returns after `fg` / SIGCONT).
void swipe_stop_self(void);

#endif
