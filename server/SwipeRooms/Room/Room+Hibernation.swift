import SwipeProtocol

extension Room {
    /// Whether the room may leave memory now: nobody is connected or expected back, and it waits
    /// for nothing but its closing time (no grace period, no lockstep card's timer). A store that
    /// keeps rooms then holds it until someone joins, asks for it, or its close comes.
    ///
    /// ```swift
    /// room.canHibernate   // true once the last member left a free room
    /// ```
    public var canHibernate: Bool {
        isDeserted && !members.contains(where: \.awaitingReturn) && (nextWakeup == nil || nextWakeup == closeDeadline)
    }
}
