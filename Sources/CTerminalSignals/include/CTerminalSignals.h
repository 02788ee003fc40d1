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
/// Stops this process as SIGTSTP's default action would (returns after `fg` / SIGCONT).
void swipe_stop_self(void);

#endif
