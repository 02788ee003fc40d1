// The few SwipeDeck wire shapes the peer speaks, copied from Sources/SwipeProtocol (this package
// cannot import the main one). Field names and nesting must stay identical to the real protocol.
import Foundation

struct TypeProbe: Decodable { var type: String }

struct PeerCard: Codable, Sendable { var id: String; var title: String }

struct CreateMessage: Decodable { var name: String; var deck: String?; var cards: [PeerCard]? }
struct JoinMessage: Decodable { var room: String; var name: String }
struct DragMessage: Decodable { var card: String; var phase: String; var x: Double; var y: Double; var t: Double }
struct SwipeMessage: Decodable { var card: String; var direction: String; var seq: Int? }
struct HostMessage: Decodable { var command: String }

struct RuleWire: Encodable { var kind = "majority" }

struct MemberWire: Encodable {
    var id: String
    var name: String
    var role: String
    var online = true
    var votedCurrent = false
    var votesCast = 0
}

struct TallyWire: Encodable {
    var type = "tally"
    var card: String
    var likes = 0
    var nopes = 0
    var superLikes = 0
    var voted = 0
    var eligible = 0
}

struct SnapshotWire: Encodable {
    var code: String
    var deckName: String
    var rule = RuleWire()
    var pacing = "lockstep"
    var phase: String
    var members: [MemberWire]
    var totalCards: Int
    var remaining: Int
    var visible: [PeerCard]
    var tallies: [String] = []
    var myVotes: [String: String] = [:]
    var matches: [String] = []
}

struct WelcomeWire: Encodable {
    var type = "welcome"
    var `protocol` = 1
    var you: String
    var token: String
    var serverTime: Double
    var room: SnapshotWire
}

struct CardStateWire: Encodable {
    var type = "cardState"
    var member: String
    var card: String
    var phase: String
    var x: Double
    var y: Double
    var rotation: Double
    var progress: Double
    var direction: String?
    var serverTime: Double
}

struct PhaseWire: Encodable { var type = "phase"; var phase: String }

struct ErrorWire: Encodable { var type = "error"; var code: String; var message: String }

enum Wire {
    static func encode<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(value))) ?? Array(#"{"type":"error","code":"internal","message":"encode"}"#.utf8)
    }

    static func vote(for direction: String) -> String? {
        switch direction {
        case "right", "upRight", "downRight": return "like"
        case "left", "upLeft", "downLeft", "down": return "nope"
        case "up": return "superLike"
        default: return nil
        }
    }
}
