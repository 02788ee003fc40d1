/// `error`: what was wrong with something the client sent. Recoverable errors keep the connection.
///
/// ```json
/// {"type":"error","code":"unknownCard","message":"swipe: no card \"x\" in this room's deck"}
/// ```
public struct ProtocolError: Error, Hashable, Sendable, Codable {
    public var code: ErrorCode
    public var message: String
    /// Seconds after which the same request may succeed (only on `rateLimited` refusals that keep
    /// the connection); absent otherwise.
    public var retryAfter: Double?

    /// Creates an error.
    ///
    /// ```swift
    /// let e = ProtocolError(.badJSON, "line 1: unexpected end of input")
    /// let limited = ProtocolError(.rateLimited, "join: too many failed joins", retryAfter: 42)
    /// ```
    public init(_ code: ErrorCode, _ message: String, retryAfter: Double? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }
}

/// Machine-readable error codes. Unknown codes from a newer server decode as `.other`.
///
/// ```swift
/// ErrorCode.tooLarge.closesConnection   // true
/// ```
public enum ErrorCode: String, CaseIterable, Hashable, Sendable, Codable {
    case badJSON, unknownType, missingField, badField, binaryFrame, tooLarge, rateLimited
    case notInRoom, alreadyInRoom, unknownRoom, roomFull, tooManyRooms, badToken, unknownDeck, badDeck
    case unknownCard, notCurrentCard, alreadyVoted, cardResolved, nothingToUndo, notAllowed, notHost
    case unknownMember, roomClosed, other

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = ErrorCode(rawValue: text) ?? .other
    }

    /// Whether the server closes the connection after sending this error (abuse, not mistakes).
    ///
    /// ```swift
    /// ErrorCode.badJSON.closesConnection   // false
    /// ```
    public var closesConnection: Bool {
        switch self {
        case .tooLarge, .rateLimited, .binaryFrame: return true
        case .badJSON, .unknownType, .missingField, .badField, .notInRoom, .alreadyInRoom, .unknownRoom,
             .roomFull, .tooManyRooms, .badToken, .unknownDeck, .badDeck, .unknownCard, .notCurrentCard,
             .alreadyVoted, .cardResolved, .nothingToUndo, .notAllowed, .notHost, .unknownMember,
             .roomClosed, .other:
            return false
        }
    }
}

/// The protocol's version, sent in `welcome` and as the WebSocket subprotocol name.
///
/// ```swift
/// ProtocolVersion.subprotocol   // "swipedeck.v1"
/// ```
public enum ProtocolVersion {
    public static let current = 1
    public static let subprotocol = "swipedeck.v1"
}
