// sd_notify without libsystemd: one datagram to the socket systemd names in $NOTIFY_SOCKET (a path,
// or an abstract name written with a leading '@'), as sd_notify(3) describes. Runs on the main
// thread once the port is bound ("READY=1") and on the signal source's dispatch queue when SIGTERM
// or SIGINT starts the shutdown ("STOPPING=1"); it keeps no state, each call opens and closes its
// own socket. Without $NOTIFY_SOCKET (not under systemd, or Type= is not notify) it does nothing.
import Foundation

/// Tells systemd the server's state (`Type=notify` in swipe-server.service).
///
/// ```swift
/// SystemdNotify.send("READY=1\nSTATUS=listening on 127.0.0.1:7681")   // false when not under systemd
/// ```
enum SystemdNotify {
    /// Sends `state` (newline-separated `KEY=VALUE` lines); true when a datagram went out.
    @discardableResult
    static func send(_ state: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let path = environment["NOTIFY_SOCKET"], path.hasPrefix("/") || path.hasPrefix("@"),
              path.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }   // abstract namespace
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
            }
        }
        return sent == message.count
    }
}
