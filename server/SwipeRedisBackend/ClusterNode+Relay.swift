// The room channel's messages on a cluster node: stream entries ("OFFSET\nTIME\nENTRY") and relayed
// broadcasts of what is not logged ("R" NODE "\n" MEMBER "\n" MESSAGE: drags and their snap-backs).
// Service thread only.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

extension ClusterNode {
    /// A message on a room's channel.
    func published(_ payload: [UInt8], on channel: String) {
        if channel == ClusterKeys.limits { limitsPublished(payload); return }
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
            host.logger.warning("room \(code): a message on its channel cannot be read; catching up from the stream")
            catchUp(code)
            return
        }
        received(entry, offset: offset, at: at, in: code)
    }

    /// Sends this node's broadcasts of an unlogged message (a drag) to the room's other nodes.
    func relay(_ effects: [RoomEffect], in code: RoomCode) {
        guard outage == nil else { return }
        for case let .broadcast(message, except) in effects {
            guard let bytes = host.encode(message) else { continue }
            let payload = Array("R\(instance)\n\(except?.rawValue ?? "")\n".utf8) + bytes
            link.send([Array("PUBLISH".utf8), Array(ClusterKeys.channel(code).utf8), payload])
        }
    }

    private func relayed(_ payload: ArraySlice<UInt8>, in code: RoomCode) {
        guard host.hasMembersHere(in: code) else { return }
        let parts = payload.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return }
        // This node's own relays come back too: its members were sent them already.
        guard String(decoding: parts[0], as: UTF8.self) != instance else { return }
        let except = String(decoding: parts[1], as: UTF8.self)
        guard case let .success(message) = WireCodec.decodeServer(Array(parts[2])) else { return }
        host.broadcast(message, in: code, except: except.isEmpty ? nil : MemberID(except), toProtocol1Only: false)
    }
}
