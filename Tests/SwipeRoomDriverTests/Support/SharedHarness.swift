import Logging
import SwipeBackend
import SwipeCore
import SwipeMemoryStore
import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeRoomDriver

/// Several nodes in one process, each the real driver over a `SharedLogBackend` and its own
/// `MemorySharedStore` of one `MemoryCluster`, with recording transports and time injected: what a
/// cluster does with its rooms, with no Redis, shell or socket. Nothing reaches the store, and no
/// answer comes back, until `deliver`.
final class SharedHarness {
    /// The clock every node reads: the wall clock in a cluster (ms since 1970; tests move it).
    final class Clock { var now: ServerTime = SharedHarness.wall }

    /// 2026-11-29T10:00:00Z.
    static let wall: ServerTime = 1_795_946_400_000

    /// One node: its driver, what it handed its transport, its backend and its store.
    final class Node {
        let edges = RecordingEdges()
        let driver: RoomDriver
        let store: MemorySharedStore
        private(set) var backend: SharedLogBackend!

        init(_ name: String, seed: UInt64, cluster: MemoryCluster, clock: Clock, rules: RoomRules) throws {
            let store = MemorySharedStore(cluster: cluster) { clock.now }
            self.store = store
            driver = RoomDriver(registry: RoomRegistry(library: .bundled(), limits: RegistryLimits(), random: SeededRandom(seed: seed)),
                                rules: rules, logger: Logger(label: "test-\(name)"), clock: { clock.now })
            driver.connect(transport: edges, events: edges) { [unowned self] host in
                let backend = SharedLogBackend(host: host, store: store, name: "memory (shared)", nodeID: name)
                self.backend = backend
                return backend
            }
            try backend.restore()
            try backend.start(eventLoop: nil)
        }

        var rooms: [RoomCode: Room] { driver.registry.rooms }

        /// A connection the transport knows (so a create or join binds it).
        func connect(_ number: Int, from address: String = "198.51.100.4") -> RoomSession {
            let session = RoomSession(id: ConnectionID(number), address: address)
            edges.sessions[session.id] = session
            return session
        }

        /// What connection `session` was sent, in order.
        func sent(to session: RoomSession) -> [ServerMessage] { edges.sent.filter { $0.1 == session.id }.map(\.0) }
    }

    let cluster = MemoryCluster()
    let clock = Clock()
    let nodes: [Node]

    init(nodes names: [String] = ["a", "b"], rules: RoomRules = LocalHarness.rules) throws {
        let (cluster, clock) = (cluster, clock)
        nodes = try names.enumerated().map { try Node($1, seed: UInt64($0 + 1), cluster: cluster, clock: clock, rules: rules) }
        cluster.deliver()
    }

    var now: ServerTime {
        get { clock.now }
        set { clock.now = newValue }
    }

    /// Every command to the store and every answer on its way, and what they cause.
    func deliver() { cluster.deliver() }

    /// A service turn on every node (timers, the periodic look), then everything delivered.
    func turn() {
        for node in nodes { node.driver.serviceTurn(at: now) }
        deliver()
    }

    /// Ann creates `request`'s room on `node`: its code, and her connection.
    func create(_ request: CreateRoom, on node: Node, connection number: Int = 1) throws -> (RoomCode, RoomSession) {
        let session = node.connect(number)
        _ = node.driver.beginEntry(session)
        node.backend.createRoom(request, pictures: [:], for: session, at: now)
        deliver()
        let code = try #require(session.room)
        return (code, session)
    }

    /// `name` joins room `code` on `node` (loading it there first).
    func join(_ code: RoomCode, as name: String, on node: Node, connection number: Int) throws -> RoomSession {
        var found: [Bool] = []
        node.backend.findRoom(code) { found.append($0) }
        deliver()
        try #require(found == [true])
        let session = node.connect(number, from: "203.0.113.9")
        _ = node.driver.beginEntry(session)
        node.backend.joinRoom(JoinRoom(room: code, name: name), in: code, for: session, at: now)
        deliver()
        try #require(session.member != nil)
        return session
    }

    /// A joined member's message, as the shell hands it to their node's driver.
    func send(_ message: ClientMessage, from session: RoomSession, on node: Node) throws {
        let (code, member) = (try #require(session.room), try #require(session.member))
        node.driver.roomInput(message, from: member, of: session, in: code, at: now)
    }
}
