import Testing

/// ncurses keeps one current terminal per process (`cur_term`, `SP`): a terminfo probe swaps it
/// for a moment and an offscreen screen makes its own current. Suites that do either run inside
/// this parent, one test at a time; run side by side, a probe could read another suite's terminal
/// (a probe once found no `xterm-256color` while an offscreen screen was being made).
@Suite(.serialized) enum CursesGlobals {}
