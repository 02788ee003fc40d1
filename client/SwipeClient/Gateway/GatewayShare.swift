/// How many SSH gateway sessions may run at once, in all and from one source address, and what a
/// login past either is told. Every session that runs `swipe` counts (the menu and the name
/// prompt too), so one address with any number of keys takes at most its share.
///
/// ```swift
/// let share = GatewayShare(maxSessions: 200, perAddress: nil)
/// share.perAddress                          // 10: the default, a twentieth (at least 2)
/// share.refusal(.address).message           // "too many sessions from your address (10) …"
/// ```
public struct GatewayShare: Equatable, Sendable {
    /// Sessions at once, for the whole gateway (`--max-sessions`).
    public let maxSessions: Int
    /// Sessions at once from one source (`--max-sessions-per-address`).
    public let perAddress: Int

    /// `perAddress` nil: the default share, `maxSessions / 20`, at least 2 and at most `maxSessions`.
    ///
    /// ```swift
    /// GatewayShare(maxSessions: 6, perAddress: nil).perAddress    // 2
    /// GatewayShare(maxSessions: 6, perAddress: 50).perAddress     // 6
    /// ```
    public init(maxSessions: Int, perAddress: Int?) {
        self.maxSessions = max(1, maxSessions)
        self.perAddress = min(self.maxSessions, max(1, perAddress ?? max(2, self.maxSessions / 20)))
    }

    /// Which count a login found full.
    ///
    /// ```swift
    /// share.refusal(.gateway).message   // "the gateway is full (200 sessions at once); …"
    /// ```
    public enum Full: Equatable, Sendable {
        /// Its source address holds `perAddress` sessions.
        case address
        /// The gateway holds `maxSessions`.
        case gateway
    }

    /// What a login past a count reads; the gateway then ends with status 75 (EX_TEMPFAIL).
    ///
    /// ```swift
    /// GatewayShare(maxSessions: 200, perAddress: 4).refusal(.address).status   // 75
    /// ```
    public func refusal(_ full: Full) -> (message: String, status: Int32) {
        switch full {
        case .address:
            ("too many sessions from your address (\(perAddress)); end one of them, or try again in a few minutes", 75)
        case .gateway:
            ("the gateway is full (\(maxSessions) sessions at once); try again in a few minutes", 75)
        }
    }
}
