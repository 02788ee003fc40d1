import SwipeCore

/// `roomLocked` (protocol 4): the host locked the room (no new members; resumes with a token still
/// work) or unlocked it. Sent to every member when it changes; `welcome`'s `room.locked` says the same.
///
/// ```json
/// {"type":"roomLocked","locked":true}
/// ```
public struct RoomLock: Hashable, Sendable, Codable {
    public var locked: Bool

    public init(locked: Bool) { self.locked = locked }
}
