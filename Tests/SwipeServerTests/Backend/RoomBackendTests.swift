import SwipeBackend
import SwipeCore
import SwipeRoomDriver
import SwipeSQLiteStore
import SwipeProtocol
import SwipeRedisStore
import SwipeRooms
import Testing
@testable import SwipeServer
import SwipeStoreChoice

/// The shell through the RoomBackend protocol, with a test double in place of either store: what
/// the service loop, the admission rules and `/healthz` hand to the backend.
@Suite struct RoomBackendTests {
    /// Records every call; answers as a store that is up and loads nothing.
    final class RecordingBackend: RoomBackend {
        var calls: [String] = []
        var makesWay = false

        func restore() throws { calls.append("restore") }
        func start(eventLoop: UnsafeMutableRawPointer?) throws { calls.append("start") }
        func stop() { calls.append("stop") }
        var storageFailure: String? { nil }
        func roomInput(_ message: ClientMessage, from member: MemberID, of connection: RoomSession, in code: RoomCode, at time: ServerTime) -> [RoomEffect] {
            calls.append("input \(message.type)")
            return []
        }
        func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void) { calls.append("find \(code)"); then(false) }
        func createRoom(_ request: CreateRoom, pictures: [String: PictureAsset], for connection: RoomSession, at time: ServerTime) {
            calls.append("create \(pictures.count)")
        }
        func joinRoom(_ request: JoinRoom, in code: RoomCode, for connection: RoomSession, at time: ServerTime) { calls.append("join \(code)") }
        var unavailable: ProtocolError? { nil }
        func memberDisconnected(_ member: MemberID, of connection: RoomSession, in code: RoomCode, grace: ServerTime, at time: ServerTime) -> [RoomEffect] {
            calls.append("disconnected \(member) \(grace)")
            return []
        }
        func timerDue(_ code: RoomCode, at time: ServerTime) -> [RoomEffect] {
            calls.append("timer \(code)")
            return []
        }
        func serviceTurn(at time: ServerTime) { calls.append("turn") }
        func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool { calls.append("makeWay \(rooms.count)"); return makesWay }
        func failedLookupRecorded(from address: String, at time: ServerTime) { calls.append("failed \(address)") }
        func roomClosed(_ code: RoomCode) { calls.append("closed \(code)") }
        func idleSince(_ code: RoomCode) -> ServerTime? { nil }
        func letGo(_ codes: [RoomCode], at time: ServerTime) { calls.append("let go \(codes.count)") }
        func shuttingDown() { calls.append("shutdown") }
        var health: StoreHealth { StoreHealth(node: "double", store: "memory of a test") }
        func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool { calls.append("wait \(code)"); return false }
        func httpAnswerReady(_ request: HTTPRequestID) -> String? { nil }
        func waitForPicture(_ etag: String, in code: RoomCode, path: String, request: HTTPRequestID) -> Bool { calls.append("picture \(etag)"); return false }
        func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture { .noStore }
        func httpClosed(_ request: HTTPRequestID) {}
    }

    static func shell() -> (ServerShell, RecordingBackend) {
        let shell = ServerShell(configuration: ServerConfiguration(port: 0, store: .memory))
        let backend = RecordingBackend()
        shell.backend = backend
        return (shell, backend)
    }

    @Test func dueTimersAndEveryTurnGoToTheBackend() {
        let (shell, backend) = Self.shell()
        shell.timers.setRoomTimer("AAAA-AAAA-AA", at: 0)
        shell.timers.setRoomTimer("BBBB-BBBB-BB", at: shell.now + 60_000)
        shell.serviceHousekeeping()
        #expect(backend.calls == ["timer AAAA-AAAA-AA", "turn"])
    }

    @Test func healthSaysWhatTheBackendSays() {
        let (shell, _) = Self.shell()
        #expect(shell.status.node == "double")
        #expect(shell.status.store == "memory of a test")
        #expect(shell.metricsGauges.storeLinkUp == true)
    }

    @Test func aFailedLookupIsCountedHereAndByTheBackend() {
        let (shell, backend) = Self.shell()
        shell.recordFailedLookup(from: "203.0.113.7", at: shell.now)
        #expect(backend.calls == ["failed 203.0.113.7"])
        #expect(shell.joinGuard.retryAfter("203.0.113.7", at: shell.now) == nil, "one failure is not past the limit")
    }

    @Test func theLocalBackendIsChosenWithoutAStore() {
        let shell = ServerShell(configuration: ServerConfiguration(port: 0, store: StoreChoice(dataDirectory: nil, cluster: nil).wiring))
        #expect(shell.backend is LocalBackend)
        #expect(shell.backend.health.linkUp == nil)
    }

    /// The one place the choice is made: each flag's store, and the backend it makes.
    @Test(arguments: [
        (nil, nil, StoreChoice.memory),
        (":memory:", nil, .memory),
        ("/var/lib/swipedeck", nil, .file(directory: "/var/lib/swipedeck", durability: .normal, checkpointInterval: 1000)),
        ("/var/lib/swipedeck", "redis://127.0.0.1:6379", .redis(ClusterConfiguration(store: try! RedisURL(parsing: "redis://127.0.0.1:6379"), nodeID: "n1"))),
    ] as [(String?, String?, StoreChoice)])
    func theStoreIsChosenFromTheFlags(data: String?, store: String?, expected: StoreChoice) throws {
        let cluster = try store.map { ClusterConfiguration(store: try RedisURL(parsing: $0), nodeID: "n1") }
        let choice = StoreChoice(dataDirectory: data, cluster: cluster)
        #expect(choice == expected)
        #expect(choice.sharedByNodes == (store != nil))
        let wiring = choice.wiring
        #expect(wiring.sharedByNodes == choice.sharedByNodes)
        // Each store names its own metrics: a link gauge only for the store across a link.
        #expect((wiring.metrics.linkUp != nil) == (store != nil))
        let shell = ServerShell(configuration: ServerConfiguration(port: 0, store: wiring))
        switch choice {
        case .memory: #expect(shell.backend is LocalBackend && (shell.backend as? LocalBackend)?.storeToOpen == nil)
        case let .file(directory, _, _): #expect(((shell.backend as? LocalBackend)?.storeToOpen as? SQLiteRoomStore)?.directory == directory)
        case .redis: #expect(shell.backend is SharedLogBackend)
        }
    }
}
