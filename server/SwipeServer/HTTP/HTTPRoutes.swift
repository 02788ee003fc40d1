import Foundation
import SwipeBackend
import SwipeProtocol
import SwipeRooms

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
    /// Headers beyond the common ones, e.g. `["Retry-After": "42"]`, `["Allow": "GET, HEAD"]`.
    public var headers: [String: String] = [:]
    /// The request named a room that does not exist: a failed guess for the per-address limit.
    public var missedRoom = false
    /// Close the connection after this answer (a refusal of the connection itself).
    public var closes = false
    /// The error code of a JSON refusal, kept when the answer is made (what `/metrics` counts it under).
    public var refusalCode: ErrorCode?
}

/// What `/healthz` reports.
///
/// ```swift
/// ServerStatus(version: "0.1.0", protocol: 1, uptimeSeconds: 12, rooms: 2, connections: 5, pendingConnections: 1)
/// ```
public struct ServerStatus: Hashable, Sendable, Codable {
    public var status = "ok"
    public var version: String
    public var `protocol`: Int
    /// Seconds since the server started, to the millisecond (`12.345`, never `12.345000000000001`).
    public var uptimeSeconds: Double
    public var rooms: Int
    /// Open WebSocket connections.
    public var connections: Int
    /// Other open sockets: handshakes not finished (or never started) and plain HTTP.
    public var pendingConnections: Int
    /// In a cluster: this node's instance and its store (absent when the server runs alone).
    public var node: String?
    public var store: String?

    public init(version: String, protocol: Int, uptimeSeconds: Double, rooms: Int, connections: Int, pendingConnections: Int = 0) {
        self.version = version
        self.protocol = `protocol`
        self.uptimeSeconds = (uptimeSeconds * 1000).rounded() / 1000
        self.rooms = rooms
        self.connections = connections
        self.pendingConnections = pendingConnections
    }
}

/// An HTTP request method as the routes see it.
///
/// ```swift
/// HTTPMethod.other("POST")
/// ```
public enum HTTPMethod: Hashable, Sendable {
    case get, head, other(String)
}

/// The HTTP routes: `GET /healthz`, `GET /decks`, `GET /rooms/CODE/results.json`, `GET /rooms/CODE/results.csv`,
/// `GET /rooms/CODE/cards/ID/picture` (`HTTPRoutes+Pictures.swift`) (and `HEAD` of each). Other methods get 405 with `Allow`; a path over `maxPathBytes` 414; a room
/// lookup from an address past its failed-guess limit 429 with `Retry-After`.
///
/// ```swift
/// HTTPRoutes.respond(to: "/rooms/K7QM-X4TD-9R/results.csv", registry: registry, status: status).contentType   // "text/csv; charset=utf-8"
/// ```
public enum HTTPRoutes {
    /// Longest request path (with its query) answered; longer gets 414.
    public static let maxPathBytes = 2048

    /// The answer for `method` of `path` (query strings are ignored). `retryAfter` is set when the
    /// client's address has used up its failed room-code lookups (seconds until it may again);
    /// `ifNoneMatch` is the request's `If-None-Match` header (pictures answer 304 when it names their tag).
    ///
    /// ```swift
    /// HTTPRoutes.respond(to: "/nope", registry: registry, status: status).status                    // 404
    /// HTTPRoutes.respond(to: "/healthz", method: .other("POST"), registry: registry, status: status).status   // 405
    /// ```
    public static func respond(to path: String, method: HTTPMethod = .get, registry: RoomRegistry, status: ServerStatus,
                               retryAfter: Double? = nil, ifNoneMatch: String? = nil,
                               stored: (String) -> StoredPicture = { _ in .noStore }) -> HTTPResponse {
        switch method {
        case .get, .head:
            break
        case let .other(name):
            return methodNotAllowed(name)   // closes: the request's own body is not read
        }
        if path.utf8.count > maxPathBytes {
            return json(414, ProtocolError(.tooLarge, "the URL is longer than \(maxPathBytes) bytes"))
        }
        let cleanPath = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        if cleanPath == "/healthz" || cleanPath == "/healthz/" {
            return json(status.status == "ok" ? 200 : 503, status)
        }
        if cleanPath == "/decks" || cleanPath == "/decks/" {
            return json(200, registry.library.list)
        }
        let parts = cleanPath.split(separator: "/").map(String.init)
        let picture = pictureTarget(inPath: cleanPath)
        if picture != nil || parts.count == 3 && parts[0] == "rooms" && (parts[2] == "results.json" || parts[2] == "results.csv") {
            if let retryAfter {
                let seconds = Int(retryAfter)
                var response = json(429, ProtocolError(.rateLimited, "too many failed room codes from your address; retry in \(seconds) s",
                                                       retryAfter: retryAfter))
                response.headers["Retry-After"] = "\(seconds)"
                return response
            }
            if let picture { return self.picture(room: picture.room, card: picture.card, ifNoneMatch: ifNoneMatch, registry: registry, stored: stored) }
            guard let room = registry.room(RoomCode(parts[1])) else {
                var response = json(404, ProtocolError(.unknownRoom, "no room \"\(parts[1])\""))
                response.missedRoom = true
                return response
            }
            let results = room.results()
            if parts[2] == "results.csv" {
                return HTTPResponse(status: 200, contentType: "text/csv; charset=utf-8", body: Array(ResultsExport.csv(results).utf8))
            }
            return HTTPResponse(status: 200, contentType: "application/json",
                                body: Array(((try? ResultsExport.json(results)) ?? "{}").utf8))
        }
        return json(404, ProtocolError(.other, "no such path \"\(cleanPath)\" (try /healthz, /decks or /rooms/CODE/results.json)"))
    }

    /// The room a results or picture path names (canonical), or nil for other paths.
    ///
    /// ```swift
    /// HTTPRoutes.room(inPath: "/rooms/k7qm-x4td-9r/results.csv?x=1")   // "K7QM-X4TD-9R"
    /// ```
    public static func room(inPath path: String) -> RoomCode? {
        let cleanPath = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let parts = cleanPath.split(separator: "/").map(String.init)
        if let picture = pictureTarget(inPath: cleanPath) { return RoomCodes.canonical(picture.room) }
        guard parts.count == 3, parts[0] == "rooms", parts[2] == "results.json" || parts[2] == "results.csv" else { return nil }
        return RoomCodes.canonical(parts[1])
    }

    static func json<T: Encodable>(_ status: UInt32, _ value: T) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
        var response = HTTPResponse(status: status, contentType: "application/json", body: body)
        response.refusalCode = (value as? ProtocolError)?.code
        return response
    }
}
