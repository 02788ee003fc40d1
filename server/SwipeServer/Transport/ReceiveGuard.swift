// The raw receive path's check for unmasked client frames. `inspect` runs on whatever thread calls
// recv (the swipe-server executable interposes recv; lws calls it on the service thread); `watch`,
// `forget` and `wasUnmasked` run on the service thread. A lock guards the table; it touches nothing
// else but lws_callback_on_writable for a watched connection, from within lws's own read.
import CLibWebSockets
import Foundation

/// Plain (non-TLS) WebSockets whose incoming bytes are checked for unmasked frames, by socket.
/// libwebsockets 4.1 reads the mask bit but does not enforce it on a server and does not tell the
/// callback, so the bytes are looked at as recv returns them, before lws parses them: the bytes up
/// to an unmasked frame go to lws, that frame and everything after it are dropped, and the
/// connection is asked to write so that `ServerShell.writeable` closes it with 1002.
///
/// ```swift
/// ReceiveGuard.watch(socket: fd, connection: wsi)      // ESTABLISHED, not TLS
/// let passed = ReceiveGuard.inspect(socket: fd, bytes: received)   // in the recv interposer
/// ReceiveGuard.wasUnmasked(socket: fd)                 // in WRITEABLE: close 1002
/// ```
public enum ReceiveGuard {
    private struct Watched {
        var scanner = MaskScanner()
        let connection: OpaquePointer
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var watched: [Int32: Watched] = [:]
    /// Set by the swipe-server executable when its recv interposer is in place (else nothing is checked).
    nonisolated(unsafe) public static var isInterposed = false

    /// Starts checking what arrives on `socket` (an established plain WebSocket).
    static func watch(socket: Int32, connection: OpaquePointer) {
        guard isInterposed else { return }
        lock.lock()
        watched[socket] = Watched(connection: connection)
        lock.unlock()
    }

    /// Stops checking `socket` (closed; its number may be reused).
    static func forget(socket: Int32) {
        guard isInterposed else { return }
        lock.lock()
        watched[socket] = nil
        lock.unlock()
    }

    /// Whether an unmasked frame arrived on `socket`.
    static func wasUnmasked(socket: Int32) -> Bool {
        guard isInterposed else { return false }
        lock.lock()
        defer { lock.unlock() }
        return watched[socket]?.scanner.foundUnmasked ?? false
    }

    /// What recv just read into `bytes` on `socket`: returns how many of them lws may have (all of
    /// them, unless an unmasked frame began among them or earlier).
    ///
    /// ```swift
    /// let count = ReceiveGuard.inspect(socket: fd, bytes: UnsafeRawBufferPointer(start: buffer, count: received))
    /// ```
    public static func inspect(socket: Int32, bytes: UnsafeRawBufferPointer) -> Int {
        lock.lock()
        guard var entry = watched[socket] else {
            lock.unlock()
            return bytes.count
        }
        let wasFound = entry.scanner.foundUnmasked
        let cut = entry.scanner.scan(bytes)
        watched[socket] = entry
        lock.unlock()
        guard let cut else { return bytes.count }
        if !wasFound { lws_callback_on_writable(entry.connection) }
        return cut
    }
}
