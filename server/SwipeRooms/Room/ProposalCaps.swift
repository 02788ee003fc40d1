/// How many options may be proposed in a room's lobby: per member and for the whole room (flags
/// `--max-proposals-per-member`, `--max-proposals-per-room`). A server setting like the room's
/// member limit; every node of a cluster must use the same values.
///
/// ```swift
/// let caps = ProposalCaps(perMember: 5, perRoom: 50)
/// ```
public struct ProposalCaps: Hashable, Sendable {
    public var perMember: Int
    public var perRoom: Int
    /// Most cards a deck may reach with its proposals: not a setting of its own but the registry's
    /// limit for inline decks, which the registry writes here when it makes or restores a room.
    var maxDeck = RegistryLimits.defaultMaxInlineCards

    public init(perMember: Int = 5, perRoom: Int = 50) {
        self.perMember = perMember
        self.perRoom = perRoom
    }
}
