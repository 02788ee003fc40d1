// A room's channel in Redis: what a node that follows the room is handed as it is appended
// ("OFFSET\nTIME\nENTRY"), and what a node publishes on it ("R" MESSAGE: relayed drags and their
// snap-backs); the channel of every node; and a closed room sealed. Service thread only (messages
// arrive inside the libev loop's turn); tells the driver through `SharedLogEvents`.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

extension RedisRoomLog {
    package func follow(_ code: RoomCode, _ following: Bool) {
        if following {
            link?.subscribe(ClusterKeys.channel(code))
        } else {
            link?.unsubscribe(ClusterKeys.channel(code))
        }
    }

    package func publish(_ message: [UInt8], on channel: SharedChannel) {
        guard let link, outage == nil else { return }
        switch channel {
        case let .room(code): link.send([Array("PUBLISH".utf8), Array(ClusterKeys.channel(code).utf8), [UInt8(ascii: "R")] + message])
        case .nodes: link.send([Array("PUBLISH".utf8), Array(ClusterKeys.nodes.utf8), message])
        }
    }

    /// Closed: marked closed (the append script refuses more), its records deleted (an abandoned
    /// room's expire with its other keys).
    package func seal(_ code: RoomCode) {
        link?.send(["DEL", ClusterKeys.records(code)])
        link?.send(["HSET", ClusterKeys.meta(code), "closed", "1"])
    }

    func subscribed(_ channel: String) {
        guard let code = ClusterKeys.room(ofChannel: channel) else { return }
        events?.followed(code)
    }

    /// A message on a subscribed channel.
    func published(_ payload: [UInt8], on channel: String) {
        if channel == ClusterKeys.nodes { return events?.received(payload, on: .nodes) ?? () }
        guard let code = ClusterKeys.room(ofChannel: channel) else { return }
        if payload.first == UInt8(ascii: "R") { return events?.received(Array(payload.dropFirst()), on: .room(code)) ?? () }
        let parts = payload.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3,
              let offset = Int(String(decoding: parts[0], as: UTF8.self)),
              let at = Double(String(decoding: parts[1], as: UTF8.self)),
              let entry = try? ClusterEntry(decoding: Array(parts[2])) else {
            logger.warning("room \(code): a message on its channel cannot be read; catching up from the stream")
            events?.publishedUnreadable(in: code)
            return
        }
        events?.published(LoggedEntry(offset: offset, at: at, entry: entry), in: code)
    }
}
