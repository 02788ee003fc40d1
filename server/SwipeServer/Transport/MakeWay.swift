/// Which socket in no room makes way for a new one, when an address reaches its share of sockets
/// (`--max-connections-per-address`) or the server its descriptors: the longest-held socket that
/// is in no room — a plain HTTP socket or a handshake before any WebSocket that joined no room —
/// and old enough for the caller. A socket in a room, or with a `join` or `create` on its way, is
/// never chosen: sockets in rooms never make way for a stranger's.
///
/// ```swift
/// MakeWay.victim(among: [
///     .init(socket: 7, since: 0, state: .inRoom),
///     .init(socket: 8, since: 5, state: .webSocketInNoRoom),
///     .init(socket: 9, since: 9, state: .notWebSocket),
/// ], olderThan: 0, at: 10)   // 9: not a WebSocket, so it goes before the WebSocket 8
/// ```
public enum MakeWay {
    /// What a socket is doing.
    public enum State: Hashable, Sendable {
        /// Plain HTTP, or a request head not yet an established WebSocket.
        case notWebSocket
        /// A WebSocket that is in no room and has no `join` or `create` on its way.
        case webSocketInNoRoom
        /// A `join` or `create` on its way (a cluster's store is asked).
        case joining
        /// In a room.
        case inRoom
        /// Already being closed.
        case closing
    }

    /// One socket and when it was opened (ms).
    public struct Candidate: Hashable, Sendable {
        public var socket: Int
        public var since: Double
        public var state: State

        public init(socket: Int, since: Double, state: State) {
            self.socket = socket
            self.since = since
            self.state = state
        }
    }

    /// The socket to hang up, or nil when none may go: sockets that are not WebSockets first, then
    /// WebSockets in no room, each the longest-held first, among those opened at least `age` ms ago.
    public static func victim(among candidates: [Candidate], olderThan age: Double, at now: Double) -> Int? {
        func rank(_ state: State) -> Int? {
            switch state {
            case .notWebSocket: 0
            case .webSocketInNoRoom: 1
            case .joining, .inRoom, .closing: nil
            }
        }
        return candidates
            .filter { now - $0.since >= age && rank($0.state) != nil }
            .min { (rank($0.state) ?? 2, $0.since, $0.socket) < (rank($1.state) ?? 2, $1.since, $1.socket) }?
            .socket
    }
}
