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
    /// Protocol 4: a proposal's title is already an option; too many proposals; no such proposal.
    case duplicateOption, tooManyProposals, unknownProposal
    /// Protocol 4: an uploaded picture of the host's own deck is refused (its file and the reason).
    case badPicture
    /// A `join` whose name (case-folded) is already a member's, without that member's token. An
    /// older client decodes it as `.other` and shows the message.
    case nameTaken

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
             .roomClosed, .other, .duplicateOption, .tooManyProposals, .unknownProposal, .badPicture, .nameTaken:
            return false
        }
    }
}

/// The protocol's version, sent in `welcome` and as the WebSocket subprotocol name. Version 2 is
/// version 1 with a vote's marks carried in its `tally` instead of a `memberUpdated` after it (one
/// message per vote for everyone); version 3 is version 2 with a resolution's animations and match
/// carried in its `cardResolved` (one message per resolution); version 4 adds options proposed in
/// the lobby and final rounds that end in one winner; version 5 adds rooms with a closing time, whose
/// votes are sealed until it, and their endings. A server speaks all five, by the subprotocol the
/// client chose.
///
/// ```swift
/// ProtocolVersion.subprotocol          // "swipedeck.v5"
/// ProtocolVersion.version(ofSubprotocol: "swipedeck.v1")   // 1
/// ```
public enum ProtocolVersion {
    public static let current = 5
    public static let subprotocol = "swipedeck.v5"
    /// Protocol 4 (proposals, final rounds, pictures).
    public static let subprotocolV4 = "swipedeck.v4"
    /// Version 3's name: still served.
    public static let subprotocolV3 = "swipedeck.v3"
    /// Version 2's name: still served.
    public static let subprotocolV2 = "swipedeck.v2"
    /// Version 1's name: still served, and what a client that offers no subprotocol gets.
    public static let subprotocolV1 = "swipedeck.v1"
    /// The first version that sends a resolution as one `cardResolved` (its animations and match inside).
    public static let oneMessagePerResolution = 3
    /// The first version that has proposals in the lobby and a room's one winner (`propose`,
    /// `withdraw`, `proposalAdded`, `proposalRemoved`, `winner`).
    public static let proposalsAndFinalRounds = 4
    /// Protocol 5: rooms with a closing time (`closesAt`), sealed votes, the endings `leadingMatch` and `leadingCard`.
    public static let closingTimes = 5
    /// What a client offers, best first.
    public static let offered = [subprotocol, subprotocolV4, subprotocolV3, subprotocolV2, subprotocolV1]

    /// The version a subprotocol name stands for (nil: not ours).
    public static func version(ofSubprotocol name: String) -> Int? {
        switch name {
        case subprotocol: return 5
        case subprotocolV4: return 4
        case subprotocolV3: return 3
        case subprotocolV2: return 2
        case subprotocolV1: return 1
        default: return nil
        }
    }
}
