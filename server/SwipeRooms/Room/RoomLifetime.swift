/// How long a room nobody is connected to is kept before it is forgotten, written once for every
/// place a room may be: in memory (`RoomRegistry.evictAbandoned`) or asleep in a store's index
/// (`LocalBackend.evictHibernated`). Pure: times are passed in, on whatever clock the caller's
/// rooms use (server time in memory, the wall clock in the index).
///
/// ```swift
/// let lifetime = RoomLifetime(abandoned: 1_800_000, unjoined: 120_000, keepDecided: 604_800_000)
/// lifetime.forgetAt(closesAt: nil, lastLeft: 10_000, onlyItsCreator: true)        // 130_000
/// lifetime.forgetAt(closesAt: 50_000, lastLeft: 10_000, onlyItsCreator: false)    // 604_850_000
/// ```
public struct RoomLifetime: Hashable, Sendable {
    /// A room without a closing time, after its last member left (`--abandoned-room-timeout`).
    public var abandoned: ServerTime
    /// A room nobody but its creator ever joined, after they left (`--unjoined-room-timeout`; at
    /// most `abandoned`).
    public var unjoined: ServerTime
    /// A room with a closing time, after it (`--keep-decided`), however long nobody was in it.
    public var keepDecided: ServerTime

    public init(abandoned: ServerTime, unjoined: ServerTime? = nil, keepDecided: ServerTime = RegistryLimits.defaultKeepDecided) {
        self.abandoned = abandoned
        self.unjoined = min(abandoned, unjoined ?? abandoned)
        self.keepDecided = keepDecided
    }

    /// When a room is forgotten if nobody comes back: `keepDecided` after its closing time if it
    /// has one, else `unjoined` or `abandoned` after its last member left.
    public func forgetAt(closesAt: ServerTime?, lastLeft: ServerTime, onlyItsCreator: Bool) -> ServerTime {
        if let closesAt { return closesAt + keepDecided }
        return lastLeft + (onlyItsCreator ? unjoined : abandoned)
    }
}
