import SwipeRoomDriver
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// A backend for the driver's tests: records every call, and hands back what a test set for it
/// (`answers`) as the effects of an input, a disconnection or a timer.
final class RecordingStore: RoomBackend {
    var calls: [String] = []
    /// What the next input, disconnection or timer hands back to the driver.
    var answers: [RoomEffect] = []

    func restore() throws {}
    func start(eventLoop: UnsafeMutableRawPointer?) throws {}
    func serviceTurn(at time: ServerTime) { calls.append("turn") }
    func shuttingDown() {}
    func stop() {}
    func roomInput(_ message: ClientMessage, from member: MemberID, of session: RoomSession, in code: RoomCode, at time: ServerTime) -> [RoomEffect] {
        calls.append("input \(message.type)")
        return answers
    }
    func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void) { then(false) }
    func createRoom(_ request: CreateRoom, pictures: [String: PictureAsset], for session: RoomSession, at time: ServerTime) {}
    func joinRoom(_ request: JoinRoom, in code: RoomCode, for session: RoomSession, at time: ServerTime) {}
    var unavailable: ProtocolError? { nil }
    func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool { false }
    func memberDisconnected(_ member: MemberID, of session: RoomSession, in code: RoomCode, grace: ServerTime, at time: ServerTime) -> [RoomEffect] {
        calls.append("disconnected \(member.rawValue) \(grace)")
        return answers
    }
    func timerDue(_ code: RoomCode, at time: ServerTime) -> [RoomEffect] {
        calls.append("timer \(code)")
        return answers
    }
    func roomClosed(_ code: RoomCode) { calls.append("closed \(code)") }
    /// Each room's idle time as the test sets it (none: it must stay).
    var idle: [RoomCode: ServerTime] = [:]
    func idleSince(_ code: RoomCode) -> ServerTime? { idle[code] }
    func letGo(_ codes: [RoomCode], at time: ServerTime) { calls.append("let go \(codes.map(\.rawValue).joined(separator: ","))") }
    func failedLookupRecorded(from address: String, at time: ServerTime) {}
    var storageFailure: String? { nil }
    var health: StoreHealth { StoreHealth() }
    func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool { false }
    func httpAnswerReady(_ request: HTTPRequestID) -> String? { nil }
    func waitForPicture(_ etag: String, in code: RoomCode, path: String, request: HTTPRequestID) -> Bool { false }
    func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture { .noStore }
    func httpClosed(_ request: HTTPRequestID) {}
}
