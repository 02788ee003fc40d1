import SwipeProtocol

/// A server message as much as the load generator needs to know, read without a full JSON decode
/// for the hot types (tally, cardState) and with `WireCodec.decodeServer` for everything else, or
/// for everything when `validate` is on.
///
/// ```swift
/// ServerFrame.classify(Array(#"{"card":"c1","type":"tally","voted":2}"#.utf8), validate: false)
/// // .tally(card: "c1", voted: 2)
/// ```
enum ServerFrame: Equatable {
    case tally(card: String, voted: Int)
    case cardState(x: Double)
    case welcome(RoomCode)
    case phase(String)
    case error(code: String, message: String)
    case other(String)
    case undecodable(String)

    static func classify(_ bytes: [UInt8], validate: Bool) -> ServerFrame {
        if !validate, let type = JSONScan.string("type", in: bytes) {
            switch type {
            case "tally":
                if let card = JSONScan.string("card", in: bytes), let voted = JSONScan.number("voted", in: bytes) {
                    return .tally(card: card, voted: Int(voted))
                }
            case "cardState":
                if let x = JSONScan.number("x", in: bytes) { return .cardState(x: x) }
            case "voteAccepted", "memberJoined", "memberUpdated", "animation", "cardResolved", "match", "memberOnline",
                 "memberOffline", "memberLeft", "pong":
                return .other(type)
            default:
                break
            }
        }
        switch WireCodec.decodeServer(bytes) {
        case .success(let message):
            switch message {
            case .tally(let tally): return .tally(card: tally.card.rawValue, voted: tally.voted)
            case .cardState(let state): return .cardState(x: state.x)
            case .welcome(let welcome): return .welcome(welcome.room.code)
            case .phase(let phase): return .phase(phase.phase.rawValue)
            case .error(let error): return .error(code: error.code.rawValue, message: error.message)
            case .memberJoined, .memberUpdated, .memberLeft, .memberOnline, .memberOffline, .animation, .voteAccepted,
                 .cardResolved, .match, .results, .pong, .roomClosed, .proposalAdded, .proposalRemoved, .winner, .roomLocked, .pictureReceived:
                return .other(message.type)
            }
        case .failure(let error):
            return .undecodable(error.message)
        }
    }
}

/// Finds top-level-looking `"key":value` pairs by scanning bytes; good enough for the server's
/// compact JSON whose string values (ids, codes) contain no escaped quotes.
enum JSONScan {
    /// Where the value of the TOP-LEVEL `key` starts (keys inside nested objects, such as
    /// `cardState`'s `center.x`, are skipped), or nil.
    static func valueStart(_ key: String, in bytes: [UInt8]) -> Int? {
        let needle = Array("\"\(key)\":".utf8)
        guard bytes.count >= needle.count else { return nil }
        var depth = 0
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x7B, 0x5B: depth += 1   // { [
            case 0x7D, 0x5D: depth -= 1   // } ]
            case 0x22:                    // a string: a key we want, or skip to its end
                if depth == 1, i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle) {
                    var start = i + needle.count
                    while start < bytes.count, bytes[start] == 0x20 { start += 1 }
                    return start
                }
                i += 1
                while i < bytes.count, bytes[i] != 0x22 {
                    if bytes[i] == 0x5C { i += 1 }   // skip the escaped character
                    i += 1
                }
            default: break
            }
            i += 1
        }
        return nil
    }

    static func string(_ key: String, in bytes: [UInt8]) -> String? {
        guard let start = valueStart(key, in: bytes), start < bytes.count, bytes[start] == 0x22 else { return nil }
        var end = start + 1
        while end < bytes.count, bytes[end] != 0x22 {
            if bytes[end] == 0x5C { return nil }   // escapes: leave it to the real decoder
            end += 1
        }
        guard end < bytes.count else { return nil }
        return String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
    }

    static func number(_ key: String, in bytes: [UInt8]) -> Double? {
        guard let start = valueStart(key, in: bytes) else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != 0x2C, bytes[end] != 0x7D, bytes[end] != 0x5D { end += 1 }
        return Double(String(decoding: bytes[start..<end], as: UTF8.self))
    }
}
