import Foundation
import SwipeProtocol

/// A plain HTTP answer on the WebSocket port.
///
/// ```swift
/// let response = HTTPRoutes.respond(to: "/healthz", registry: registry, status: status)
/// response.status   // 200
/// ```
public struct HTTPResponse: Hashable, Sendable {
    public var status: UInt32
    public var contentType: String
    public var body: [UInt8]
}

/// What `/healthz` reports.
///
/// ```swift
/// ServerStatus(version: "0.1.0", protocol: 1, uptimeSeconds: 12, rooms: 2, connections: 5)
/// ```
public struct ServerStatus: Hashable, Sendable, Codable {
    public var status = "ok"
    public var version: String
    public var `protocol`: Int
    public var uptimeSeconds: Double
    public var rooms: Int
    public var connections: Int
}

/// The HTTP routes: `GET /healthz`, `GET /rooms/CODE/results.json`, `GET /rooms/CODE/results.csv`.
///
/// ```swift
/// HTTPRoutes.respond(to: "/rooms/K7QM-X4TD-9R/results.csv", registry: registry, status: status).contentType   // "text/csv; charset=utf-8"
/// ```
public enum HTTPRoutes {
    /// The answer for a GET of `path` (query strings are ignored).
    ///
    /// ```swift
    /// HTTPRoutes.respond(to: "/nope", registry: registry, status: status).status   // 404
    /// ```
    public static func respond(to path: String, registry: RoomRegistry, status: ServerStatus) -> HTTPResponse {
        let cleanPath = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        if cleanPath == "/healthz" || cleanPath == "/healthz/" {
            return json(200, status)
        }
        let parts = cleanPath.split(separator: "/").map(String.init)
        if parts.count == 3, parts[0] == "rooms", parts[2] == "results.json" || parts[2] == "results.csv" {
            guard let room = registry.room(RoomCode(parts[1])) else {
                return json(404, ProtocolError(.unknownRoom, "no room \"\(parts[1])\""))
            }
            let results = room.results()
            if parts[2] == "results.csv" {
                return HTTPResponse(status: 200, contentType: "text/csv; charset=utf-8", body: Array(ResultsExport.csv(results).utf8))
            }
            return HTTPResponse(status: 200, contentType: "application/json",
                                body: Array(((try? ResultsExport.json(results)) ?? "{}").utf8))
        }
        return json(404, ProtocolError(.other, "no such path \"\(cleanPath)\" (try /healthz or /rooms/CODE/results.json)"))
    }

    private static func json<T: Encodable>(_ status: UInt32, _ value: T) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
        return HTTPResponse(status: status, contentType: "application/json", body: body)
    }
}
