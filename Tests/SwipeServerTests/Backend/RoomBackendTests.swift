import SwipeCore
import SwipeProtocol
import SwipeRooms
import Testing
@testable import SwipeServer

/// The shell through the RoomBackend protocol, with a test double in place of either store: what
/// the service loop, the admission rules and `/healthz` hand to the backend.
@Suite struct RoomBackendTests {
    /// Records every call; answers as a store that is up and loads nothing.
    final class RecordingBackend: RoomBackend {
        var calls: [String] = []
        var makesWay = false
        var commits = true

        func restore() throws { calls.append("restore") }
        func commit(_ records: [LogRecord]) -> Bool { calls.append("commit \(records.count)"); return commits }
        var storageFailure: String? { nil }
        func dispatch(_ message: ClientMessage, from connection: Connection, at time: ServerTime) { calls.append("dispatch \(message.type)") }
        func memberDisconnected(_ member: MemberID, of connection: Connection, in code: RoomCode, grace: ServerTime, at time: ServerTime) {
            calls.append("disconnected \(member) \(grace)")
        }
        func timerDue(_ code: RoomCode, at time: ServerTime) { calls.append("timer \(code)") }
        func serviceTurn(at time: ServerTime) { calls.append("turn") }
        func makeWayForCreate(by connection: Connection) -> Bool { calls.append("makeWay"); return makesWay }
        func failedLookupRecorded(from address: String, at time: ServerTime) { calls.append("failed \(address)") }
        func roomClosed(_ code: RoomCode) { calls.append("closed \(code)") }
        func shuttingDown() { calls.append("shutdown") }
        func describe(_ status: inout ServerStatus) {
            status.node = "double"
            status.store = "memory of a test"
        }
        var linkUp: Bool? { true }
        func waitForRoom(_ code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool { calls.append("wait \(code)"); return false }
        func httpAnswerReady(_ wsi: OpaquePointer) -> String? { nil }
        func waitForPicture(_ etag: String, in code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool { calls.append("picture \(etag)"); return false }
        func storedPicture(_ etag: String, in code: RoomCode, for wsi: OpaquePointer) -> HTTPRoutes.StoredPicture { .noStore }
        func keepPictures(_ pictures: [PictureAsset], of code: RoomCode) -> Bool { calls.append("keepPictures \(code)"); return true }
        func httpClosed(_ wsi: OpaquePointer) {}
    }

    static func shell() -> (ServerShell, RecordingBackend) {
        let shell = ServerShell(configuration: ServerConfiguration(port: 0))
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
        #expect(shell.metricsGauges.redisLinkUp == true)
    }

    @Test func aFailedLookupIsCountedHereAndByTheBackend() {
        let (shell, backend) = Self.shell()
        shell.recordFailedLookup(from: "203.0.113.7", at: shell.now)
        #expect(backend.calls == ["failed 203.0.113.7"])
        #expect(shell.joinGuard.retryAfter("203.0.113.7", at: shell.now) == nil, "one failure is not past the limit")
    }

    @Test func aRoomClosedByItsHostIsTheBackendsToForget() {
        let (shell, backend) = Self.shell()
        shell.apply([.append(LogRecord(at: 0, room: "CCCC-CCCC-CC", event: .phaseChanged(phase: .closed)))], in: "CCCC-CCCC-CC")
        #expect(backend.calls == ["commit 1", "closed CCCC-CCCC-CC"])
    }

    /// The records of one `apply` go to the backend in one commit, before any effect; a commit
    /// that fails carries out none of them (nothing is acknowledged that is not stored).
    @Test(arguments: [true, false])
    func recordsAreCommittedBeforeTheirEffects(stored: Bool) throws {
        let (shell, backend) = Self.shell()
        backend.commits = stored
        let room = try #require(shell.registry.create(CreateRoom(name: "Ann", deck: "movies"), from: ConnectionID(1), at: 0).room)
        let records = [LogRecord(at: 0, room: room, event: .phaseChanged(phase: .voting)),
                       LogRecord(at: 0, room: room, event: .phaseChanged(phase: .finished))]
        shell.apply(records.map(RoomEffect.append) + [.scheduleTimer(at: 5_000)], in: room)
        #expect(backend.calls.first == "commit 2")
        #expect((shell.timers.roomTimers[room] != nil) == stored)
        // An apply with no records asks the backend nothing.
        backend.calls = []
        shell.apply([.cancelTimer], in: room)
        #expect(!backend.calls.contains { $0.hasPrefix("commit") })
    }

    @Test func theLocalBackendIsChosenWithoutAStore() {
        let shell = ServerShell(configuration: ServerConfiguration(port: 0))
        #expect(shell.backend is LocalBackend)
        #expect(shell.backend.linkUp == nil)
    }
}
