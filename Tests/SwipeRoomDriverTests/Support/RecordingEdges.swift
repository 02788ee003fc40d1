import SwipeBackend
import SwipeProtocol
import SwipeRooms
@testable import SwipeRoomDriver

/// Records what the driver hands the transport and tells the server.
final class RecordingEdges: RoomTransport, RoomDriverEvents {
    var sessions: [ConnectionID: RoomSession] = [:]
    var calls: [String] = []
    var sent: [(ServerMessage, ConnectionID)] = []

    func send(_ message: ServerMessage, to session: RoomSession) { sent.append((message, session.id)) }
    func send(_ message: ServerMessage, toEach members: [MemberID: RoomSession], except skipped: MemberID?, toProtocol1Only: Bool) {
        for (member, session) in members.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where member != skipped {
            guard !toProtocol1Only || session.protocolVersion == 1 else { continue }
            sent.append((message, session.id))
        }
    }
    func close(_ session: RoomSession, _ code: CloseCode, _ reason: String) { calls.append("close \(session.id.rawValue) \(code.rawValue)") }
    func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String) { calls.append("close all") }
    func session(numbered id: ConnectionID) -> RoomSession? { sessions[id] }
    func encode(_ message: ServerMessage) -> [UInt8]? { try? WireCodec.encode(message) }
    func roomCreated(_ code: RoomCode, by session: RoomSession) { calls.append("created \(code)") }
    func roomForgotten(_ code: RoomCode) { calls.append("forgotten \(code)") }
    func failedLookup(from address: String, at time: ServerTime) { calls.append("failed \(address)") }
    func adoptFailedLookups(ages: [ServerTime], for address: String) { calls.append("slowed \(address) \(ages.count)") }
    func answerWhenReady(_ request: HTTPRequestID) {}
    func recordStoreAppend(since start: ContinuousClock.Instant) {}
    func countCheckpoints(_ count: Int) {}
    func requestStop() { calls.append("stop") }
    func effectsApplied(_ effects: [RoomEffect], in code: RoomCode) { calls.append("applied \(effects.count)") }
    func roomHasWebhook(_ code: RoomCode, url: String) {}
    func webhookTakenOver(_ payload: [UInt8]) { calls.append("took over \(String(decoding: payload, as: UTF8.self))") }
    func deadlinesChanged() { calls.append("deadlines") }
}
