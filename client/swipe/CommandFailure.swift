// The command line's way out: a message on standard error and an exit status. Main thread
// (argument parsing and the commands before the terminal starts); touches standard error only.
import ArgumentParser
import Foundation

/// `swipe: MESSAGE` on standard error, and the status to exit with (sysexits.h: 64 for bad
/// input, 6 for no terminal, 75 for try again, 77 for not allowed).
///
/// ```swift
/// throw commandFailure("lunch.md: no such deck file")   // exits 64
/// ```
func commandFailure(_ message: String, status: Int32 = 64) -> ExitCode {
    FileHandle.standardError.write(Data(("swipe: " + message + "\n").utf8))
    return ExitCode(status)
}
