/* Terminal hygiene for SwipeClient's TerminalSession, compiled once so that the state below exists
   once per process. Stop signals (INT, TERM, HUP), the
   suspend key (TSTP) and a resize (WINCH, after curses' handler) only set a flag and write one byte
   to the wake descriptor, so the main loop's
   poll() returns at once whichever thread the kernel chose; the loop restores the terminal. Crash
   signals (SEGV, BUS, ILL, FPE, ABRT, TRAP: Swift traps) restore the terminal here, then re-raise. */
#include "CTerminalSignals.h"

#include <ncurses.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
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

static void swipe_set_handler(int sig, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    sigaction(sig, &action, NULL);
}

/// Installs the handlers. Call before initscr(): curses then leaves SIGINT, SIGTERM and SIGTSTP to us.
void swipe_install_signal_handlers(void) {
    swipe_set_handler(SIGINT, swipe_on_stop_signal, SA_RESTART);
    swipe_set_handler(SIGTERM, swipe_on_stop_signal, SA_RESTART);
    swipe_set_handler(SIGHUP, swipe_on_stop_signal, SA_RESTART);
    swipe_set_handler(SIGTSTP, swipe_on_suspend_signal, SA_RESTART);
    const int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (unsigned i = 0; i < sizeof crashes / sizeof crashes[0]; i++) swipe_set_handler(crashes[i], swipe_on_crash_signal, SA_RESETHAND);
    signal(SIGPIPE, SIG_IGN);
    /* A parent may hand us a blocked mask (seen with tmux started from `swift test`): make sure the
       stop signals and resizes arrive (with SIGWINCH blocked, a resized window was never redrawn). */
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGWINCH);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGTSTP);
    sigaddset(&wanted, SIGCONT);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

/* SIGWINCH: curses' own handler (it notes the new size for the next read, KEY_RESIZE), then a byte
   to the wake descriptor. The kernel may hand the signal to any thread (lws's, the picture threads),
   and then the main loop's poll() never saw it: an idle client redrew only at the next key. */
static struct sigaction swipe_curses_resize_action;

struct winsize swipe_bounded_winsize(struct winsize size) {
    struct winsize bounded = size;
    if (bounded.ws_col > SWIPE_MAX_COLUMNS) bounded.ws_col = SWIPE_MAX_COLUMNS;
    if (bounded.ws_row > SWIPE_MAX_ROWS) bounded.ws_row = SWIPE_MAX_ROWS;
    /* The pixel size follows the cells it covers, then at most SWIPE_MAX_CELL_* pixels a cell. */
    if (size.ws_col > 0) bounded.ws_xpixel = (unsigned short)((unsigned long)size.ws_xpixel * bounded.ws_col / size.ws_col);
    if (size.ws_row > 0) bounded.ws_ypixel = (unsigned short)((unsigned long)size.ws_ypixel * bounded.ws_row / size.ws_row);
    if ((unsigned long)bounded.ws_xpixel > (unsigned long)bounded.ws_col * SWIPE_MAX_CELL_WIDTH)
        bounded.ws_xpixel = (unsigned short)(bounded.ws_col * SWIPE_MAX_CELL_WIDTH);
    if ((unsigned long)bounded.ws_ypixel > (unsigned long)bounded.ws_row * SWIPE_MAX_CELL_HEIGHT)
        bounded.ws_ypixel = (unsigned short)(bounded.ws_row * SWIPE_MAX_CELL_HEIGHT);
    return bounded;
}

void swipe_bound_terminal_size(void) {
    int saved = errno;
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) {
        struct winsize bounded = swipe_bounded_winsize(size);
        if (memcmp(&bounded, &size, sizeof size) != 0) (void)ioctl(STDOUT_FILENO, TIOCSWINSZ, &bounded);
    }
    errno = saved;
}

static void swipe_on_resize_signal(int sig, siginfo_t *info, void *context) {
    swipe_bound_terminal_size();   /* before curses reads the new size */
    if (swipe_curses_resize_action.sa_flags & SA_SIGINFO) {
        if (swipe_curses_resize_action.sa_sigaction != NULL) swipe_curses_resize_action.sa_sigaction(sig, info, context);
    } else if (swipe_curses_resize_action.sa_handler != SIG_DFL && swipe_curses_resize_action.sa_handler != SIG_IGN
               && swipe_curses_resize_action.sa_handler != NULL) {
        swipe_curses_resize_action.sa_handler(sig);
    }
    swipe_wake_main_loop();
}

/// Puts a wake-up after curses' SIGWINCH handler. Call after initscr() (which installs curses' handler).
void swipe_chain_resize_signal(void) {
    struct sigaction current;
    if (sigaction(SIGWINCH, NULL, &current) != 0) return;
    if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == swipe_on_resize_signal) return;   /* already chained */
    swipe_curses_resize_action = current;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = swipe_on_resize_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGWINCH, &action, NULL);
}

/// Where the handlers write a byte when a stop or suspend signal arrives (-1: nowhere).
void swipe_set_signal_wake_fd(int fd) { swipe_signal_wake_fd = fd; }

/// The stop signal received since the last call (0 when none).
int swipe_take_stop_signal(void) {
    int sig = swipe_stop_signal_seen;
    swipe_stop_signal_seen = 0;
    return sig;
}

/// Whether the suspend key (SIGTSTP) was pressed since the last call.
int swipe_take_suspend_request(void) {
    int seen = swipe_suspend_seen;
    swipe_suspend_seen = 0;
    return seen;
}

/// Stops this process as SIGTSTP's default action would (returns after `fg` / SIGCONT).
void swipe_stop_self(void) { kill(getpid(), SIGSTOP); }

