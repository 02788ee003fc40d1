import SwipeCore

/// A room's join code: short, typed by people, hard to guess (see `RoomCode.alphabet`).
///
/// ```swift
/// let code: RoomCode = "K7QM-X4TD-9R"
/// ```
public struct RoomCode: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    /// Creates a code from its text (normalised to upper case, separators kept).
    ///
    /// ```swift
    /// RoomCode("k7qm-x4td").rawValue   // "K7QM-X4TD"
    /// ```
    public init(_ rawValue: String) { self.rawValue = rawValue.uppercased() }
    public init(stringLiteral value: String) { self.init(value) }
    public init(from decoder: Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
    public var description: String { rawValue }

    /// The letters codes are made of: digits and capitals without the look-alikes 0 O 1 I L U.
    ///
    /// ```swift
    /// RoomCode.alphabet.count   // 30
    /// ```
    public static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTVWXYZ")
}

/// A member's identity within a room, assigned by the server.
///
/// ```swift
/// let id: MemberID = "m3"
/// ```
public struct MemberID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible, Comparable {
    public var rawValue: String
    /// Creates an id from its text.
    ///
    /// ```swift
    /// let id = MemberID("m1")
    /// ```
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
    public var description: String { rawValue }
    public static func < (lhs: MemberID, rhs: MemberID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a member may do: the host runs the room, members vote, spectators watch.
///
/// ```swift
/// Role.spectator.canVote   // false
/// ```
public enum Role: String, CaseIterable, Hashable, Sendable, Codable {
    case host, member, spectator

    /// Whether this role's swipes count as votes.
    ///
    /// ```swift
    /// Role.host.canVote   // true
    /// ```
    public var canVote: Bool {
        switch self {
        case .host, .member: return true
        case .spectator: return false
        }
    }
}
