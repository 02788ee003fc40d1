// Shell: what one load run targets (the URL of every node, the processes it measures) and stopping a
// server the bench started. Main thread only.
import SwipeClient

/// What one run loads: one URL per server node (several nodes share rooms, so a room's members are
/// spread over them with `NodeSpread`), the server processes whose RSS and CPU are reported, and the
/// server the bench started itself, if it did.
///
/// ```swift
/// let target = try LoadTarget.resolve(urls: ["ws://127.0.0.1:7681/", "ws://127.0.0.1:7682/"], pids: [4101, 4102]) {
///     try ServerProcess.startSwipeServer()   // only called when no URL is given
/// }
/// target.name                        // "2 nodes at 127.0.0.1:7681, 127.0.0.1:7682"
/// target.url(room: 3, member: 0)     // ws://127.0.0.1:7682/: room 3's creator
/// target.stop()                      // stops a server the bench started; nothing otherwise
/// ```
struct LoadTarget {
    /// How progress lines and the report name the target.
    let name: String
    /// One per node, in the order given; never empty.
    let urls: [WebSocketURL]
    /// The processes measured (none when the servers run elsewhere and no PID was given).
    let meters: ServerMeters
    private let started: ServerProcess?

    /// Servers already running at `urls` (one per node), measured through `pids` (deduplicated).
    ///
    /// ```swift
    /// try LoadTarget.existing(urls: ["ws://127.0.0.1:7681"], pids: [4101]).name   // "server at 127.0.0.1:7681"
    /// ```
    static func existing(urls: [String], pids: [Int32]) throws -> LoadTarget {
        let parsed = try urls.map { try WebSocketURL(parsing: $0) }
        let places = parsed.map { "\($0.host):\($0.port)" }.joined(separator: ", ")
        let name: String
        switch parsed.count {
        case 0: throw BenchError.usage("no server URL to load")
        case 1: name = "server at \(places)"
        default: name = "\(parsed.count) nodes at \(places)"
        }
        return LoadTarget(name: name, urls: parsed, meters: ServerMeters(pids: pids), started: nil)
    }

    /// A server the bench started: loaded at its URL, measured through its PID, stopped by `stop()`.
    ///
    /// ```swift
    /// let target = try LoadTarget.started(try ServerProcess.startSwipeServer())
    /// ```
    static func started(_ server: ServerProcess) throws -> LoadTarget {
        LoadTarget(name: server.name, urls: [try WebSocketURL(parsing: server.url)],
                   meters: ServerMeters(pids: server.pid.map { [$0] } ?? []), started: server)
    }

    /// `existing(urls:pids:)` when any URL is given, else the server `start` starts (the PIDs are then
    /// not used: the started server's own PID is measured).
    ///
    /// ```swift
    /// let target = try LoadTarget.resolve(urls: [], pids: []) { try ServerProcess.startSwipeServer() }
    /// ```
    static func resolve(urls: [String], pids: [Int32], start: () throws -> ServerProcess) throws -> LoadTarget {
        urls.isEmpty ? try started(start()) : try existing(urls: urls, pids: pids)
    }

    /// The URL member `member` (0 is the room's creator) of room `room` connects to.
    ///
    /// ```swift
    /// target.url(room: 0, member: 1)   // the second node's URL (the only one with one node)
    /// ```
    func url(room: Int, member: Int) -> WebSocketURL {
        NodeSpread.pick(from: urls, room: room, member: member) ?? urls[0]
    }

    /// Stops the server the bench started, if any.
    func stop() {
        started?.stop()
    }
}
