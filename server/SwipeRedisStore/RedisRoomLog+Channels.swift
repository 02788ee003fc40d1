// A room's channel in Redis: what a node that follows the room is handed as it is appended
// ("OFFSET\nTIME\nENTRY"), and the relayed broadcasts of what is not logged ("R" NODE "\n" MEMBER
// "\n" MESSAGE: drags and their snap-backs); and the shared limits' channel. Service thread only
// (messages arrive inside the libev loop's turn); tells the driver through `SharedLogEvents`.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

extension RedisRoomLog {
    package func follow(_ code: RoomCode) { link?.subscribe(ClusterKeys.channel(code)) }

    package func unfollow(_ code: RoomCode) { link?.unsubscribe(ClusterKeys.channel(code)) }

    package func relay(_ message: [UInt8], except: MemberID?, in code: RoomCode) {
        guard let link, outage == nil else { return }
        let payload = Array("R\(node)\n\(except?.rawValue ?? "")\n".utf8) + message
        link.send([Array("PUBLISH".utf8), Array(ClusterKeys.channel(code).utf8), payload])
    }

    /// Closed by its host: marked closed (the append script refuses more), its uploads deleted
    /// (an abandoned room's expire with its other keys).
    package func closeRoom(_ code: RoomCode) {
        link?.send(["DEL", ClusterKeys.pictures(code)])
        link?.send(["HSET", ClusterKeys.meta(code), "closed", "1"])
    }

    func subscribed(_ channel: String) {
        guard let code = ClusterKeys.room(ofChannel: channel) else { return }
        events?.followed(code)
    }

    /// A message on a subscribed channel.
    func published(_ payload: [UInt8], on channel: String) {
        if channel == ClusterKeys.limits {
            if let (address, ages) = LimitScripts.slowed(payload) { events?.lookupsSlowed(address, ages: ages) }
            return
        }
        guard let code = ClusterKeys.room(ofChannel: channel) else { return }
        if payload.first == UInt8(ascii: "R") {
            relayed(payload.dropFirst(), in: code)
            return
        }
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

    private func relayed(_ payload: ArraySlice<UInt8>, in code: RoomCode) {
        let parts = payload.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return }
        // This node's own relays come back too: its members were sent them already.
        guard String(decoding: parts[0], as: UTF8.self) != node else { return }
        let except = String(decoding: parts[1], as: UTF8.self)
        events?.relayed(Array(parts[2]), except: except.isEmpty ? nil : MemberID(except), in: code)
    }
}
