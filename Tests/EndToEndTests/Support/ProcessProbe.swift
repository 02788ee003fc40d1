import Foundation

/// What a test can read about the server process from /proc without asking the server.
enum ProcessProbe {
    /// Resident memory in KiB now (VmRSS), or with `peak` the most it ever was (VmHWM); nil when the process is gone.
    static func residentKiB(_ pid: Int32, peak: Bool = false) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(peak ? "VmHWM:" : "VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }

    /// Bytes the server has not read yet on its end of the TCP connection from 127.0.0.1:`clientPort`
    /// to `serverPort` (the rx_queue column of /proc/net/tcp); nil when there is no such connection.
    static func unreadBytes(serverPort: Int, clientPort: Int) -> Int? {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return nil }
        let local = String(format: "0100007F:%04X", serverPort)
        let remote = String(format: "0100007F:%04X", clientPort)
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 4, fields[1] == local, fields[2] == remote else { continue }
            return fields[4].split(separator: ":").last.flatMap { Int($0, radix: 16) }
        }
        return nil
    }

    /// Waits (bounded by `timeout` seconds) until `condition` holds; false when it never did.
    static func eventually(timeout: Double = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
