// The per-address limits a cluster shares through Redis: failed room-code lookups (the guessing
// limit and the slowing past it) and rooms created per address. One script call per failed lookup
// and per created room; votes cost nothing. Service thread only (the Redis link answers inside the
// libev loop's turn); touches this node's state and, through the RoomHost, the server's failed-lookup count.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension ClusterNode {
    /// A failed room-code lookup from `address`, counted here already: counted in Redis too, whose
    /// count (every node's failures for the address) this node then takes.
    func shareFailedLookup(from address: String, at time: ServerTime) {
        guard outage == nil else { return }
        failuresRecorded += 1
        let arguments = ["EVAL", LimitScripts.failedLookup, "1", ClusterKeys.failures(address), String(format: "%.3f", time),
                         String(host.rules.failedLookupWindow), String(host.rules.failedLookups), "\(instance):\(failuresRecorded)",
                         ClusterKeys.limits, address]
        link.send(arguments) { [unowned self] reply in
            guard let ages = LimitScripts.ages(from: reply) else {
                if reply != nil { host.logger.warning("the shared failed-lookup count for \(address) could not be read: \(String(describing: reply))") }
                return
            }
            host.server.adoptFailedLookups(ages: ages, for: address)
        }
    }

    /// Another node found `address` past its failed lookups: slow it here too.
    func limitsPublished(_ payload: [UInt8]) {
        guard let (address, ages) = LimitScripts.slowed(payload) else { return }
        host.server.adoptFailedLookups(ages: ages, for: address)
    }

    /// Whether `connection`'s address may create room `code`: counted in Redis against
    /// `--max-rooms-per-address` over every node (open rooms: not closed, with an entry in the
    /// last 30 minutes). `then(true)` once admitted; otherwise the client is told why.
    func admitRoomInCluster(_ code: RoomCode, for connection: RoomSession, then: @escaping (Bool) -> Void) {
        let cap = host.rules.maxRoomsPerAddress
        guard cap > 0 else { then(true); return }
        let address = connection.address
        let arguments = ["EVAL", LimitScripts.admitRoom, "1", ClusterKeys.rooms(address), String(format: "%.3f", host.now), String(cap),
                         code.rawValue, String(host.rules.abandonedRoomTimeout), ClusterKeys.roomPrefix,
                         String(configuration.roomLifetimeSeconds)]
        let id = connection.id
        link.send(arguments) { [unowned self] reply in
            guard let connection = host.session(numbered: id) else { return }
            switch LimitScripts.admitted(reply) {
            case true?:
                then(true)
            case false?:
                host.logger.notice("refused a room to \(address): it has \(cap) open rooms on the cluster (--max-rooms-per-address)")
                host.enqueue(.error(ProtocolError(.tooManyRooms, "create: \(address) already has \(cap) open rooms "
                    + "(--max-rooms-per-address, counted over every node)")), to: connection)
                then(false)
            case nil:
                host.enqueue(.error(Self.storeUnavailable(reply.map { "\($0)" } ?? "no answer")), to: connection)
                then(false)
            }
        }
    }
}
