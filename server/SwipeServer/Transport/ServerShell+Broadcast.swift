// Server messages into bytes on connections' queues: encoded once per protocol version that gets
// them, split for older versions (`ServerMessage.asSent(toProtocol:)`), drag states in the drag lane.
// Service thread only; touches the shell's connections and their queues.
import SwipeProtocol

extension ServerShell {
    /// Encodes once per protocol version that gets it and queues for every online member of the
    /// room (but `skipped`). A message older versions get split (`asSent(toProtocol:)`) is split once.
    func broadcast(_ message: ServerMessage, in code: RoomCode, except skipped: MemberID?, toProtocol1Only: Bool) {
        guard let members = connections.membersOnline[code] else { return }
        let (key, replaceable) = coalescingKey(message)
        var bytes: [UInt8]?
        var olderVersions: [Int: [(bytes: [UInt8], message: ServerMessage)]] = [:]
        for (member, connection) in members where member != skipped {
            let version = connection.protocolVersion
            guard !toProtocol1Only || version == 1 else { continue }
            if message.differs(forProtocol: version) {
                if olderVersions[version] == nil {
                    olderVersions[version] = message.asSent(toProtocol: version).compactMap { part in encode(part).map { ($0, part) } }
                }
                for (sent, part) in olderVersions[version] ?? [] {
                    let (partKey, partReplaceable) = coalescingKey(part)
                    enqueue(sent, key: partKey, replaceable: partReplaceable, to: connection)
                }
                continue
            }
            if bytes == nil { bytes = encode(message) }
            guard let bytes else { return }
            enqueue(bytes, key: key, replaceable: replaceable, to: connection)
        }
    }

    func encode(_ message: ServerMessage) -> [UInt8]? {
        do {
            return try WireCodec.encode(message)
        } catch {
            logger.error("cannot encode \(message.type): \(error)")
            return nil
        }
    }

    /// Drag states go in the queue's drag lane under their member and card; only `changed` may be replaced.
    func coalescingKey(_ message: ServerMessage) -> (key: OutboundQueue.Key?, replaceable: Bool) {
        guard message.isCoalescable, case let .cardState(state) = message else { return (nil, false) }
        let replaceable: Bool
        switch state.phase {
        case .changed: replaceable = true
        case .began, .ended, .cancelled: replaceable = false
        }
        return (OutboundQueue.Key(member: state.member, card: state.card), replaceable)
    }

    func enqueue(_ message: ServerMessage, to connection: Connection) {
        if case let .error(error) = message { counters.refused(error.code.rawValue) }
        guard let bytes = encode(message) else { return }
        let (key, replaceable) = coalescingKey(message)
        enqueue(bytes, key: key, replaceable: replaceable, to: connection)
    }
}
