import Foundation
import SwipeClient
import SwipeProtocol
import Testing

/// A lock set through one node holds on every node: it is an entry of the room's stream.
@Suite(.serialized) struct ClusterRoomLockTests {
    @Test func aRoomLockedOnOneNodeTurnsStrangersAwayOnTheOthers() throws {
        let cluster = try LocalCluster(nodes: 3, proxy: false)
        defer { cluster.stop() }
        let ann = try BlockingWebSocket(url: try WebSocketURL(parsing: cluster.url(node: 0)), timeout: 10,
                                        subprotocol: ProtocolVersion.subprotocol)   // v4: told of the lock
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies")))
        guard case let .welcome(welcome)? = ann.receive(until: { $0.type == "welcome" }, timeout: 10) else {
            Issue.record("no room for Ann"); return
        }
        let code = welcome.room.code
        let bo = try ClusterMember(name: "Bo", url: cluster.url(node: 2) + code.rawValue, first: .join(JoinRoom(room: code, name: "Bo")))
        let token = try #require(bo.welcome?.token)
        ann.send(.host(HostCommand(command: .lock)))
        #expect(ann.receive(until: { $0.type == "roomLocked" }, timeout: 10) == .roomLocked(RoomLock(locked: true)))
        let dee = try BlockingWebSocket(url: try WebSocketURL(parsing: cluster.url(node: 1)), timeout: 10)
        dee.send(.join(JoinRoom(room: code, name: "Dee")))
        let refused = dee.receive(until: { $0.type == "welcome" || $0.type == "error" }, timeout: 10)
        guard case let .error(error)? = refused else { Issue.record("Dee got in on node 2: \(String(describing: refused))"); return }
        #expect(error.code == .notAllowed)
        // Bo resumes on node 2 with his token.
        bo.socket.close()
        let back = try ClusterMember(name: "Bo", url: cluster.url(node: 1) + code.rawValue, first: .join(JoinRoom(room: code, token: token)))
        #expect(back.welcome?.you == bo.welcome?.you)
        #expect(back.welcome?.room.locked == true)
    }
}
