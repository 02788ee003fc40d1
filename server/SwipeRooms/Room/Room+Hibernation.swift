import SwipeProtocol

extension Room {
    /// Whether the room may leave memory now: nobody is connected or expected back, and it waits
    /// for nothing but its closing time (no grace period, no lockstep card's timer). A store that
    /// keeps rooms then holds it until someone joins, asks for it, or its close comes.
    ///
    /// ```swift
    /// room.canHibernate   // true once the last member left a free room
    /// ```
    ///
    /// A room without a closing time that nobody but its creator ever joined stays: it is forgotten
    /// `--unjoined-room-timeout` after they left (and its address may give it up to make way for a
    /// new one, `RoomRegistry.leftUnjoined`), which only a room in memory can be.
    public var canHibernate: Bool {
        isDeserted && !members.contains(where: \.awaitingReturn) && (nextWakeup == nil || nextWakeup == closeDeadline)
            && !(settings.closesAt == nil && onlyItsCreatorJoined)
    }

    /// Nobody but the creator ever joined (the next member would be the second).
    public var onlyItsCreatorJoined: Bool { nextMemberNumber <= 2 }
}
