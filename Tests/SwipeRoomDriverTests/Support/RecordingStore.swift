import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// A store for the driver's tests: records every call, keeps records in memory (or refuses them).
final class RecordingStore: RoomBackend {
    var calls: [String] = []
    var kept: [LogRecord] = []
    let commits: Bool

    init(commits: Bool) { self.commits = commits }

    func restore() throws {}
    func start(eventLoop: UnsafeMutableRawPointer?) throws {}
    func serviceTurn(at time: ServerTime) { calls.append("turn") }
    func shuttingDown() {}
    func stop() {}
    func roomInput(_ message: ClientMessage, from member: MemberID, of session: RoomSession, in code: RoomCode, at time: ServerTime) {
        calls.append("input \(message.type)")
    }
    func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void) { then(false) }
    func createRoom(_ request: CreateRoom, pictures: [String: PictureAsset], for session: RoomSession, at time: ServerTime) {}
    func joinRoom(_ request: JoinRoom, in code: RoomCode, for session: RoomSession, at time: ServerTime) {}
    var unavailable: ProtocolError? { nil }
    func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool { false }
    func memberDisconnected(_ member: MemberID, of session: RoomSession, in code: RoomCode, grace: ServerTime, at time: ServerTime) {
        calls.append("disconnected \(member.rawValue) \(grace)")
    }
    func timerDue(_ code: RoomCode, at time: ServerTime) { calls.append("timer \(code)") }
    func roomClosed(_ code: RoomCode) { calls.append("closed \(code)") }
    /// Each room's idle time as the test sets it (none: it must stay).
    var idle: [RoomCode: ServerTime] = [:]
    func idleSince(_ code: RoomCode) -> ServerTime? { idle[code] }
    func letGo(_ codes: [RoomCode], at time: ServerTime) { calls.append("let go \(codes.map(\.rawValue).joined(separator: ","))") }
    func failedLookupRecorded(from address: String, at time: ServerTime) {}
    func commit(_ records: [LogRecord]) -> Bool {
        calls.append("commit \(records.count)")
        if commits { kept += records }
        return commits
    }
    var storageFailure: String? { commits ? nil : "refused by the test" }
    var health: StoreHealth { StoreHealth() }
    func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool { false }
    func httpAnswerReady(_ request: HTTPRequestID) -> String? { nil }
    func waitForPicture(_ etag: String, in code: RoomCode, path: String, request: HTTPRequestID) -> Bool { false }
    func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture { .noStore }
    func httpClosed(_ request: HTTPRequestID) {}
}
