// The one place the server chooses where rooms live. Called once, when the shell is made (on the
// starting thread); nothing else under server/ asks which backend is in use.
import SwipeBackend
import SwipeLocalBackend
import SwipeRedisBackend
import SwipeRooms

/// Where rooms live, as the flags chose: in this process only, in a log on this machine, or in
/// Redis shared by several nodes. Adding a store is one case here and one `RoomBackend`.
///
/// ```swift
/// StoreChoice(ServerConfiguration(port: 0, dataDirectory: "/var/lib/swipedeck"))   // .file("/var/lib/swipedeck")
/// ```
enum StoreChoice: Equatable {
    /// `--data :memory:` or no `--data`: rooms live as long as the process.
    case memory
    /// `--data DIR`: every record in DIR's SQLite log before it is acknowledged.
    case file(directory: String)
    /// `--store redis://…` or `redis-sentinel://…`: rooms in Redis, served by every node.
    case redis(ClusterConfiguration)

    init(_ configuration: ServerConfiguration) {
        if let cluster = configuration.cluster {
            self = .redis(cluster)
        } else if let directory = configuration.dataDirectory, directory != ":memory:" {
            self = .file(directory: directory)
        } else {
            self = .memory
        }
    }

    /// Whether several nodes share these rooms: their times must compare across nodes (the wall
    /// clock), and `/metrics` has the Redis link's gauge and append histogram.
    var sharedByNodes: Bool {
        switch self {
        case .memory, .file: false
        case .redis: true
        }
    }

    /// The backend for this choice, serving `host`, with the flags it reads.
    func makeBackend(host: any RoomHost, configuration: ServerConfiguration) -> any RoomBackend {
        switch self {
        case .memory:
            LocalBackend(host: host, directory: nil)
        case let .file(directory):
            LocalBackend(host: host, directory: directory, durability: configuration.durability,
                         checkpointInterval: configuration.checkpointInterval)
        case let .redis(cluster):
            RedisBackend(host: host, configuration: cluster, onLibevLoop: configuration.eventLoop == .epoll)
        }
    }
}
