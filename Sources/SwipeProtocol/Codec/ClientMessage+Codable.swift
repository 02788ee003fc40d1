import SwipeCore

enum MessageTypeKey: String, CodingKey { case type }

extension ClientMessage: Codable {
    public init(from decoder: Decoder) throws {
        let type = try decoder.container(keyedBy: MessageTypeKey.self).decode(String.self, forKey: .type)
        switch type {
        case "create": self = .create(try CreateRoom(from: decoder))
        case "join": self = .join(try JoinRoom(from: decoder))
        case "drag": self = .drag(try DragUpdate(from: decoder))
        case "swipe": self = .swipe(try SwipeVote(from: decoder))
        case "undo": self = .undo(try UndoVote(from: decoder))
        case "host": self = .host(try HostCommand(from: decoder))
        case "propose": self = .propose(try ProposeOption(from: decoder))
        case "withdraw": self = .withdraw(try WithdrawProposal(from: decoder))
        case "picture": self = .picture(try PictureChunk(from: decoder))
        case "results": self = .results
        case "ping": self = .ping(try Ping(from: decoder))
        default: throw UnknownMessageType(type: type, known: ClientMessage.allTypes)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: MessageTypeKey.self)
        try c.encode(type, forKey: .type)
        switch self {
        case let .create(p): try p.encode(to: encoder)
        case let .join(p): try p.encode(to: encoder)
        case let .drag(p): try p.encode(to: encoder)
        case let .swipe(p): try p.encode(to: encoder)
        case let .undo(p): try p.encode(to: encoder)
        case let .host(p): try p.encode(to: encoder)
        case let .propose(p): try p.encode(to: encoder)
        case let .withdraw(p): try p.encode(to: encoder)
        case let .picture(p): try p.encode(to: encoder)
        case .results: break
        case let .ping(p): try p.encode(to: encoder)
        }
    }
}

/// Thrown while decoding when `"type"` names no message this side understands.
struct UnknownMessageType: Error {
    var type: String
    var known: [String]
}
