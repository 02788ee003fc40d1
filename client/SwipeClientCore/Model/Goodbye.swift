import Foundation

/// What the client's close frame tells the server when it stops. A person who quits (`q`,
/// Ctrl-C, SIGTERM) has left: 1000, and a lockstep card no longer waits for them. A terminal that
/// went away (SIGHUP: a closed window, a dropped ssh session) is a dropped connection: 4001, so
/// the card waits through the server's `--drop-grace` and `swipe join` brings them back.
///
/// ```swift
/// Goodbye(signal: SIGINT)   // code 1000, "bye"
/// Goodbye(signal: SIGHUP)   // code 4001, "terminal closed"
/// ```
public struct Goodbye: Hashable, Sendable {
    public var code: UInt16
    public var reason: String

    /// The goodbye for quitting on purpose.
    public static let quit = Goodbye(code: 1000, reason: "bye")
    /// Replacing the connection with a new one: the member is coming back (not a goodbye either).
    public static let reconnecting = Goodbye(code: 4000, reason: "reconnecting")

    public init(code: UInt16, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The goodbye for stopping on `signal` (0: quitting).
    public init(signal: Int32) {
        self = signal == SIGHUP ? Goodbye(code: 4001, reason: "terminal closed") : .quit
    }
}
