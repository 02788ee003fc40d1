// What a shared log answered for one append: a value of the seam, read by the driver's
// SharedLogBackend; each log makes it from its own reply (Redis: `AppendOutcome+Reply.swift`).

/// What a shared log answered when asked to append an entry to a room's log.
///
/// ```swift
/// switch outcome { case let .appended(offset, at): print(offset, at); default: break }
/// ```
public enum AppendOutcome: Hashable, Sendable {
    /// Appended at `offset`, stamped `at`.
    case appended(offset: Int, at: Double)
    /// The idempotency key was already applied by the entry at `offset`: nothing appended.
    case seen(offset: Int)
    /// The stream is past the expected offset (now at `last`): nothing appended.
    case moved(last: Int)
    /// `create`: a room with this code exists.
    case exists
    /// `append`: no such room in the store.
    case unknown
    /// The room is closed.
    case closed
    /// No answer (the store is unreachable) or an error; the text says which.
    case failed(String)
    /// In the stream, but no replica confirmed it within the bound: not acknowledged (a resend with
    /// the same idempotency key finds it `seen`); the text says so.
    case unreplicated(String)
}
