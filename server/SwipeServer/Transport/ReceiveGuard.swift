// The raw receive path's checks: request heads too large for lws (answered 431 here), methods
// other than GET and HEAD (405 here), and client frames lws must not get (unmasked, malformed, too large). `inspect` runs on whatever thread calls recv (the swipe-server executable
// interposes recv; lws calls it on the service thread); the rest runs on the service thread. A lock
// guards the table; it touches nothing else but the watched socket (the 431 answer) and
// lws_callback_on_writable for a watched connection, from within lws's own read.
import CLibWebSockets
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sockets whose incoming bytes are checked as recv (plain) or SSL_read (TLS) returns them, before lws parses
/// them. Until its first request head ends, a socket's head is counted: one over `headLimit` gets a
/// 431 written here and lws sees the connection end (lws itself would drop it unanswered), and a
/// method other than GET or HEAD gets 405 the same way. Once it is a WebSocket, its frames are
/// followed (`FrameScanner`): libwebsockets 4.1 does not enforce the mask on a server, drops the TCP
/// connection without a close frame on a malformed control frame or length, and would read a frame
/// declared larger than the message limit to its end; so the bytes up to such a frame go to lws,
/// that frame and everything after it are dropped, and the connection is asked to write so that
/// `ServerShell.writeable` closes it (1002, or `tooLarge` and 1009).
///
/// ```swift
/// ReceiveGuard.watchHead(socket: fd, tls: false)       // FILTER_NETWORK_CONNECTION
/// ReceiveGuard.watch(socket: fd, connection: wsi, maxPayload: 65_536)   // ESTABLISHED
/// let passed = ReceiveGuard.inspect(socket: fd, bytes: received)   // in the recv interposer
/// ReceiveGuard.violation(socket: fd)                   // in WRITEABLE: close 1002 or 1009
/// ```
public enum ReceiveGuard {
    private enum Watched {
        /// `tls`: the head arrives through SSL_read.
        case head(HeadScanner, tls: Bool)
        case passing
        /// `tls`: the frames are read through SSL_read (plaintext), not recv (which sees ciphertext).
        case frames(FrameScanner, connection: OpaquePointer, tls: Bool)
    }

    /// Which read delivered the bytes: recv on a plain socket, or SSL_read's plaintext on a TLS one.
    public enum Source: Hashable, Sendable { case plain, tls }

    /// Longest request head answered by lws; longer gets 431 (lws keeps `SwipeServerHost.maxHeaderBytes`).
    public static let headLimit = 8 * 1024
    /// What a too-large head gets before the connection ends.
    static let tooLargeAnswer = HTTPResponseHead.bytes(of: HTTPRoutes.headTooLarge(limit: headLimit))

    /// What recv should tell lws about what it read.
    public enum Verdict: Hashable, Sendable {
        /// Pass this many of the bytes read (all, or those before an unmasked frame).
        case pass(Int)
        /// Pass nothing (the connection is closing): "try again later".
        case nothing
        /// Report the end of the stream (the connection was answered 431 or 405 here).
        case hangUp
        /// TLS: write this answer (431, 405) through the connection's TLS session, then report the end of the stream.
        case answerThenHangUp([UInt8])
    }

    private static let lock = NSLock()
    /// Each watched socket's state, at its descriptor number (descriptors are numbered from the
    /// lowest free one, so the table is as long as the most sockets open at once). An array, not a
    /// dictionary: `inspect` runs on every recv.
    nonisolated(unsafe) private static var watched: [Watched?] = []
    /// Sockets whose violation `violation(socket:)` has not reported yet: WRITEABLE asks on every
    /// write, and the answer is almost always "none" (read without the lock: a stale 0 only delays
    /// the close to the next write, which the violation's own `lws_callback_on_writable` brings).
    nonisolated(unsafe) private static var unreported = Set<Int32>()
    nonisolated(unsafe) private static var unreportedCount = 0
    /// Set by the swipe-server executable when its recv interposer is in place (else nothing is checked).
    ///
    /// ```swift
    /// ReceiveGuard.isInterposed = true   // once, on the main thread, before SwipeServerHost.start
    /// ```
    nonisolated(unsafe) public static var isInterposed = false
    /// Set when SSL_read is interposed too (TLS connections' frames are then checked as well).
    nonisolated(unsafe) public static var isTLSInterposed = false

    /// Starts counting the request head arriving on `socket` (just accepted; `tls` when it will be
    /// read through SSL_read, which is then checked only if interposed).
    static func watchHead(socket: Int32, tls: Bool = false) {
        if tls && !isTLSInterposed { return }
        set(socket, .head(HeadScanner(limit: headLimit), tls: tls))
    }

    /// Starts checking the frames arriving on `socket` (an established WebSocket; `tls` when its
    /// bytes come through SSL_read; `maxPayload`: most bytes a frame may declare). Does nothing for
    /// TLS unless SSL_read is interposed.
    static func watch(socket: Int32, connection: OpaquePointer, tls: Bool = false, maxPayload: Int? = nil) {
        if tls && !isTLSInterposed { return }
        set(socket, .frames(FrameScanner(maxPayload: maxPayload), connection: connection, tls: tls))
    }

    private static func set(_ socket: Int32, _ state: Watched?) {
        guard isInterposed, socket >= 0 else { return }
        let index = Int(socket)
        lock.lock()
        if index >= watched.count {
            if state == nil { lock.unlock(); return }
            watched.append(contentsOf: repeatElement(nil, count: index + 1 - watched.count))
        }
        watched[index] = state
        if unreported.remove(socket) != nil { unreportedCount = unreported.count }
        lock.unlock()
    }

    /// Stops checking `socket` (closed; its number may be reused).
    static func forget(socket: Int32) {
        set(socket, nil)
    }

    /// The frame that stopped what lws gets on `socket`, if one did.
    static func violation(socket: Int32) -> FrameScanner.Violation? {
        guard isInterposed, unreportedCount > 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard unreported.remove(socket) != nil else { return nil }
        unreportedCount = unreported.count
        guard socket >= 0, Int(socket) < watched.count, case let .frames(scanner, _, _)? = watched[Int(socket)] else { return nil }
        return scanner.violation
    }

    /// What recv just read into `bytes` on `socket`, and what lws may have of it: all of it, unless
    /// an unmasked frame began among them or earlier, or the request head grew too large.
    ///
    /// ```swift
    /// switch ReceiveGuard.inspect(socket: fd, bytes: UnsafeRawBufferPointer(start: buffer, count: received)) {
    /// case let .pass(count): return count
    /// case .nothing: errno = EAGAIN; return -1
    /// case .hangUp: return 0
    /// }
    /// ```
    public static func inspect(socket: Int32, bytes: UnsafeRawBufferPointer, source: Source = .plain) -> Verdict {
        let index = Int(socket)
        lock.lock()
        guard index >= 0, index < watched.count, let state = watched[index] else {
            lock.unlock()
            return .pass(bytes.count)
        }
        // Taken out of the table while it is scanned, so a scanner's buffer is not shared with the
        // table's copy (which would copy it on every append); every path below puts a state back.
        watched[index] = nil
        switch consume state {
        case .passing:
            watched[index] = .passing
            lock.unlock()
            return .pass(bytes.count)
        case let .frames(scanner, connection, tls) where tls != (source == .tls):
            watched[index] = .frames(scanner, connection: connection, tls: tls)
            lock.unlock()   // ciphertext under recv, or a plain socket's SSL_read (none): not ours to read
            return .pass(bytes.count)
        case let .head(head, tls) where tls != (source == .tls):
            watched[index] = .head(head, tls: tls)
            lock.unlock()
            return .pass(bytes.count)
        case .head(var head, let tls):
            let outcome = head.scan(bytes)
            watched[index] = outcome == .reading ? .head(head, tls: tls) : .passing
            lock.unlock()
            let answer: [UInt8]
            switch outcome {
            case .reading, .ended:
                return .pass(bytes.count)
            case .tooLarge:
                answer = tooLargeAnswer
            case let .methodNotAllowed(method):
                answer = HTTPResponseHead.bytes(of: HTTPRoutes.methodNotAllowed(method))
            }
            if tls { return .answerThenHangUp(answer) }
            write(answer, to: socket)
            return .hangUp
        case .frames(var scanner, let connection, let tls):
            let wasFound = scanner.violation != nil
            let cut = scanner.scan(bytes)
            watched[index] = .frames(scanner, connection: connection, tls: tls)
            if cut != nil, !wasFound {
                unreported.insert(socket)
                unreportedCount = unreported.count
            }
            lock.unlock()
            guard let cut else { return .pass(bytes.count) }
            if !wasFound { lws_callback_on_writable(connection) }
            return cut > 0 ? .pass(cut) : .nothing
        }
    }

    /// Reads what the client already sent (so the close is not a reset that loses the answer) and
    /// writes `answer` (431, 405). The socket is non-blocking; a short write is as good as it gets.
    private static func write(_ answer: [UInt8], to socket: Int32) {
        var drain = [UInt8](repeating: 0, count: 16 * 1024)
        var rounds = 0
        while rounds < 64, drain.withUnsafeMutableBytes({ Glibc.read(socket, $0.baseAddress, $0.count) }) > 0 { rounds += 1 }
        _ = answer.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
