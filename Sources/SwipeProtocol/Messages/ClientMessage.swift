import SwipeCore

/// Every message a client may send. On the wire each is a JSON object whose `"type"` names the
/// case and whose other fields are the payload's (docs/PROTOCOL.md lists them all).
///
/// ```swift
/// let vote = ClientMessage.swipe(SwipeVote(card: "dune", direction: .right, seq: 1))
/// let bytes = try WireCodec.encode(vote)   // {"type":"swipe","card":"dune","direction":"right","seq":1}
/// ```
public enum ClientMessage: Hashable, Sendable {
    case create(CreateRoom)
    case join(JoinRoom)
    case drag(DragUpdate)
    case swipe(SwipeVote)
    case undo(UndoVote)
    case host(HostCommand)
    /// Protocol 4: propose an option in the lobby.
    case propose(ProposeOption)
    /// Protocol 4: take a proposal back (your own, or any as the host).
    case withdraw(WithdrawProposal)
    /// Protocol 4: part of a picture of the host's own deck, before `create`.
    case picture(PictureChunk)
    /// Ask for the current results (answered with `results` to the asker only).
    case results
    case ping(Ping)

    /// The wire name of each case, as it appears in `"type"`.
    ///
    /// ```swift
    /// ClientMessage.results.type   // "results"
    /// ```
    public var type: String {
        switch self {
        case .create: return "create"
        case .join: return "join"
        case .drag: return "drag"
        case .swipe: return "swipe"
        case .undo: return "undo"
        case .host: return "host"
        case .propose: return "propose"
        case .withdraw: return "withdraw"
        case .picture: return "picture"
        case .results: return "results"
        case .ping: return "ping"
        }
    }

    /// Every type a client may send, for error messages.
    public static let allTypes = ["create", "join", "drag", "swipe", "undo", "host", "propose", "withdraw", "picture", "results", "ping"]
}
