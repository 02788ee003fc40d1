import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// What the other members see of a drag: coalescing may drop intermediate `changed` states only.
@Suite(.serialized) struct ServerDragRelayTests {
    /// Bo sends 15 whole gestures back to back (began, changed, ended); Ann, idle and reading fast,
    /// gets every gesture's `began` and `ended`, in order.
    @Test func everyGesturesStartAndEndReachTheOthersInOrder() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .free)))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code
        let bo = try ServerSessionTests.connect(server)
        bo.send(.join(JoinRoom(room: code, name: "Bo")))
        _ = try #require(ServerSessionTests.welcome(bo))
        _ = ServerSessionTests.next(ann, "memberJoined")

        let gestures = 15
        for gesture in 0..<gestures {
            let t = Double(gesture * 10)
            bo.send(.drag(DragUpdate(card: "dune", phase: .began, x: 0, y: 0, t: t)))
            bo.send(.drag(DragUpdate(card: "dune", phase: .changed, x: 0.2, y: 0, t: t + 1)))
            bo.send(.drag(DragUpdate(card: "dune", phase: .ended, x: 0.2, y: 0, t: t + 2)))
        }
        var phases: [DragPhase] = []
        while phases.filter({ $0 == .ended }).count < gestures,
              case let .cardState(state)? = ann.receive(until: { $0.type == "cardState" }, timeout: ServerSessionTests.wait) {
            phases.append(state.phase)
        }
        let edges = phases.filter { $0 != .changed }
        #expect(edges == Array(repeating: [DragPhase.began, .ended], count: gestures).flatMap { $0 },
                "Ann saw \(phases.map(\.rawValue))")
        [ann, bo].forEach { $0.close() }
    }
}
