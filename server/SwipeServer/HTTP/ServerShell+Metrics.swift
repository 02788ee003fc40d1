// GET /metrics on the WebSocket port: the allow rule against the socket's own peer address, the
// gauges read at the moment of the scrape, and the rendering. Service thread only (lws HTTP
// callback); reads the shell's connections, registry, queues and cluster link.
import CLibWebSockets
import SwipeProtocol

extension ServerShell {
    /// The scrape for an allowed peer, else 403.
    func metricsResponse(_ wsi: OpaquePointer) -> HTTPResponse {
        let peer = peerAddress(of: wsi)
        guard configuration.metricsAccess.allows(peer) else { return HTTPRoutes.metricsNotAllowed(peer) }
        return HTTPRoutes.metrics(metrics.render(counters, metricsGauges))
    }

    /// The gauges now.
    var metricsGauges: MetricsGauges {
        var rooms = Dictionary(uniqueKeysWithValues: Pacing.allCases.map { ($0.rawValue, 0) })
        for room in registry.rooms.values { rooms[room.settings.pacing.rawValue, default: 0] += 1 }
        return MetricsGauges(openConnections: connections.count, pendingConnections: pendingSockets, roomsByPacing: rooms,
                             queuedBytes: queuedBytes, redisLinkUp: backend.linkUp)
    }
}
