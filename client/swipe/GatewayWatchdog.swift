// Shell: ends an SSH gateway session whose ssh client is gone, whatever the session is doing.
// Runs a thread of its own ("gateway-watchdog") for the session's life; touches nothing but
// getppid(), /proc/<parent>/stat and status, and _exit. When the member's connection ends, sshd's
// session process exits and this process is given to init: the terminal's SIGHUP has then been
// sent, and a session that has not ended within `grace` seconds (a frame being built, a blocked
// write) is ended here, giving back its slots (their flocks go with the process).
import Foundation

/// The watchdog, and the check that the gateway was started by sshd and nothing else.
///
/// ```swift
/// guard GatewayWatchdog.startedBySSHD() else { … }
/// GatewayWatchdog.start(grace: 3)
/// ```
enum GatewayWatchdog {
    /// Starts the thread; it lives until the process ends.
    static func start(grace: Double) {
        let parent = getppid()
        let thread = Thread {
            while getppid() == parent { usleep(250_000) }
            usleep(useconds_t(grace * 1_000_000))
            _exit(129)   // 128 + SIGHUP: the terminal went away
        }
        thread.name = "gateway-watchdog"
        thread.stackSize = 64 * 1024
        thread.start()
    }

    /// Whether the parent process is sshd's session process for this very user (the process that
    /// runs a ForceCommand), not `su`, `sudo`, a login or a shell: `su guest -c 'gateway …'`
    /// runs nothing. Reads /proc/<parent>/stat (its command name) and status (its real uid).
    static func startedBySSHD() -> Bool {
        let parent = getppid()
        guard let stat = try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8),
              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close,
              let status = try? String(contentsOfFile: "/proc/\(parent)/status", encoding: .utf8),
              let uidLine = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") })
        else { return false }
        let name = stat[stat.index(after: open)..<close]
        let realUID = uidLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { uid_t($0) }
        return (name == "sshd" || name == "sshd-session") && realUID == getuid()
    }
}
