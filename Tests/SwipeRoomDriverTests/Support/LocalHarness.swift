import Logging
import SwipeBackend
import SwipeCore
import SwipeProtocol
import SwipeRooms
@testable import SwipeRoomDriver

/// The real driver over a `LocalBackend` and a store (or none), with a recording transport and
/// time injected: what a server on one machine does with its rooms, with no shell or socket.
final class LocalHarness {
    /// The clock the driver reads (tests move it).
    final class Clock { var now: ServerTime = 1_000 }

    static let rules = RoomRules(restartGrace: 120_000, maxRoomsPerAddress: 20, failedLookups: 20, failedLookupWindow: 60_000,
                                 unjoinedRoomTimeout: 120_000)

    let edges = RecordingEdges()
    let clock = Clock()
    let driver: RoomDriver
    private(set) var backend: LocalBackend!

    /// A driver and backend over `store`, its rooms restored (`wallClockAtZero`: the wall clock at server time 0).
    init(store: (any RoomStore)?, wallClockAtZero: ServerTime = 0) throws {
        var limits = RegistryLimits()
        limits.wallClockAtZero = wallClockAtZero
        let clock = clock
        driver = RoomDriver(registry: RoomRegistry(library: .bundled(), limits: limits, random: SeededRandom(seed: 7)), rules: Self.rules,
                            logger: Logger(label: "test"), clock: { clock.now })
        driver.connect(transport: edges, events: edges) { [unowned self] host in
            let backend = LocalBackend(host: host, store: store)
            self.backend = backend
            return backend
        }
        try backend.restore()
    }

    var now: ServerTime {
        get { clock.now }
        set { clock.now = newValue }
    }

    var registry: RoomRegistry { driver.registry }

    var rules: RoomRules { driver.rules }

    /// A connection the transport knows (so a create or join binds it).
    @discardableResult
    func connect(_ number: Int, from address: String = "198.51.100.4") -> RoomSession {
        let session = RoomSession(id: ConnectionID(number), address: address)
        edges.sessions[session.id] = session
        return session
    }

    /// A member's message, as the shell hands it to the driver.
    func send(_ message: ClientMessage, from member: MemberID, in code: RoomCode) {
        driver.roomInput(message, from: member, of: RoomSession(id: ConnectionID(99), address: "x"), in: code, at: now)
    }

    /// A member's connection gone (`grace` 0: they left), as the driver hears of it.
    func disconnect(_ member: MemberID, in code: RoomCode, grace: ServerTime = 0) {
        driver.apply(backend.memberDisconnected(member, of: RoomSession(id: ConnectionID(99), address: "x"), in: code, grace: grace, at: now),
                     in: code)
    }
}
