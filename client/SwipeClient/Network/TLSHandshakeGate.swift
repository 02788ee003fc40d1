// Any thread: client constructors (making a context) and lws service threads (starting and ending
// handshakes) of every client loop in the process. Touches only its own lock and counters.
import Foundation

/// Keeps libwebsockets 4.1's TLS set-up and client TLS handshakes apart within one process.
///
/// lws 4.1 takes a new process-wide OpenSSL ex-data index each time a context is made with TLS
/// (`LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT`); a client handshake then in flight on another context
/// stored its connection under the old index, so its certificate check cannot find it ("can't get
/// wsi from ssl privdata") and the connection fails. Later lws versions take the index once. The
/// gate makes a TLS context wait until no TLS handshake is in flight (at most `patience`), and
/// holds back a TLS handshake while such a context is being made. Only processes with several
/// lws contexts need it (tests, a bench with threads); it costs a lock per TLS connect.
///
/// ```swift
/// let context = TLSHandshakeGate.makingContext { lws_create_context(&info) }
/// TLSHandshakeGate.handshakeStarted()   // before lws_client_connect_via_info for wss://
/// TLSHandshakeGate.handshakeEnded()     // established, failed or closed, once
/// ```
public enum TLSHandshakeGate {
    /// The longest a context waits for handshakes in flight (a stuck one must not block forever).
    public static let patience: TimeInterval = 5

    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var handshakes = 0
        var makingContext = false
    }

    private static let state = State()

    /// Runs `make` (which creates a TLS-capable lws context) once no client TLS handshake is in flight.
    public static func makingContext<T>(_ make: () throws -> T) rethrows -> T {
        let deadline = Date().addingTimeInterval(patience)
        state.condition.lock()
        while state.handshakes > 0 || state.makingContext {
            if !state.condition.wait(until: deadline) { break }
        }
        state.makingContext = true
        state.condition.unlock()
        defer {
            state.condition.lock()
            state.makingContext = false
            state.condition.broadcast()
            state.condition.unlock()
        }
        return try make()
    }

    /// A client TLS handshake is about to start (waits while a TLS context is being made).
    public static func handshakeStarted() {
        let deadline = Date().addingTimeInterval(patience)
        state.condition.lock()
        while state.makingContext {
            if !state.condition.wait(until: deadline) { break }
        }
        state.handshakes += 1
        state.condition.unlock()
    }

    /// A handshake `handshakeStarted` counted has ended, one way or another.
    public static func handshakeEnded() {
        state.condition.lock()
        state.handshakes = max(0, state.handshakes - 1)
        state.condition.broadcast()
        state.condition.unlock()
    }

    /// Handshakes counted in flight now (for tests).
    static var handshakesInFlight: Int {
        state.condition.lock()
        defer { state.condition.unlock() }
        return state.handshakes
    }
}
