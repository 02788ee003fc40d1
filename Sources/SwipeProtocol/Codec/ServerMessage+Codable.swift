import SwipeCore

extension ServerMessage: Codable {
    public init(from decoder: Decoder) throws {
        let type = try decoder.container(keyedBy: MessageTypeKey.self).decode(String.self, forKey: .type)
        switch type {
        case "welcome": self = .welcome(try Welcome(from: decoder))
        case "memberJoined": self = .memberJoined(try MemberInfo(from: decoder))
        case "memberUpdated": self = .memberUpdated(try MemberInfo(from: decoder))
        case "memberLeft": self = .memberLeft(try MemberRef(from: decoder))
        case "memberOnline": self = .memberOnline(try MemberRef(from: decoder))
        case "memberOffline": self = .memberOffline(try MemberRef(from: decoder))
        case "phase": self = .phase(try PhaseChanged(from: decoder))
        case "cardState": self = .cardState(try CardState(from: decoder))
        case "animation": self = .animation(try CardAnimation(from: decoder))
        case "voteAccepted": self = .voteAccepted(try VoteAccepted(from: decoder))
        case "tally": self = .tally(try Tally(from: decoder))
        case "cardResolved": self = .cardResolved(try CardResolved(from: decoder))
        case "match": self = .match(try Match(from: decoder))
        case "results": self = .results(try Results(from: decoder))
        case "pong": self = .pong(try Pong(from: decoder))
        case "roomClosed": self = .roomClosed(try RoomClosed(from: decoder))
        case "error": self = .error(try ProtocolError(from: decoder))
        case "proposalAdded": self = .proposalAdded(try Proposal(from: decoder))
        case "proposalRemoved": self = .proposalRemoved(try ProposalRemoved(from: decoder))
        case "winner": self = .winner(try Winner(from: decoder))
        case "roomLocked": self = .roomLocked(try RoomLock(from: decoder))
        case "pictureReceived": self = .pictureReceived(try PictureReceived(from: decoder))
        default:
            throw UnknownMessageType(
                type: type,
                known: ["welcome", "memberJoined", "memberUpdated", "memberLeft", "memberOnline", "memberOffline", "phase", "cardState",
                        "animation", "voteAccepted", "tally", "cardResolved", "match", "results", "pong", "roomClosed", "error",
                        "proposalAdded", "proposalRemoved", "winner", "roomLocked", "pictureReceived"])
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: MessageTypeKey.self)
        try c.encode(type, forKey: .type)
        switch self {
        case let .welcome(p): try p.encode(to: encoder)
        case let .memberJoined(p): try p.encode(to: encoder)
        case let .memberUpdated(p): try p.encode(to: encoder)
        case let .memberLeft(p): try p.encode(to: encoder)
        case let .memberOnline(p): try p.encode(to: encoder)
        case let .memberOffline(p): try p.encode(to: encoder)
        case let .phase(p): try p.encode(to: encoder)
        case let .cardState(p): try p.encode(to: encoder)
        case let .animation(p): try p.encode(to: encoder)
        case let .voteAccepted(p): try p.encode(to: encoder)
        case let .tally(p): try p.encode(to: encoder)
        case let .cardResolved(p): try p.encode(to: encoder)
        case let .match(p): try p.encode(to: encoder)
        case let .results(p): try p.encode(to: encoder)
        case let .pong(p): try p.encode(to: encoder)
        case let .roomClosed(p): try p.encode(to: encoder)
        case let .error(p): try p.encode(to: encoder)
        case let .proposalAdded(p): try p.encode(to: encoder)
        case let .proposalRemoved(p): try p.encode(to: encoder)
        case let .winner(p): try p.encode(to: encoder)
        case let .roomLocked(p): try p.encode(to: encoder)
        case let .pictureReceived(p): try p.encode(to: encoder)
        }
    }
}
