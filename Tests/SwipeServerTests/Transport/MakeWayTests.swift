import Testing
@testable import SwipeServer

@Suite struct MakeWayTests {
    typealias C = MakeWay.Candidate

    /// (sockets, least age, the one that makes way)
    @Test(arguments: [
        ([C(socket: 1, since: 0, state: .inRoom), C(socket: 2, since: 5, state: .webSocketInNoRoom)], 0.0, 2),
        ([C(socket: 1, since: 0, state: .webSocketInNoRoom), C(socket: 2, since: 5, state: .notWebSocket)], 0, 2),
        ([C(socket: 1, since: 3, state: .notWebSocket), C(socket: 2, since: 1, state: .notWebSocket)], 0, 2),
        ([C(socket: 1, since: 0, state: .inRoom), C(socket: 2, since: 0, state: .joining), C(socket: 3, since: 0, state: .closing)], 0, nil),
        ([C(socket: 1, since: 8, state: .webSocketInNoRoom)], 5, nil),      // too young for plain HTTP's rule
        ([C(socket: 1, since: 8, state: .webSocketInNoRoom), C(socket: 2, since: 2, state: .webSocketInNoRoom)], 5, 2),
        ([], 0, nil),
    ] as [([C], Double, Int?)])
    func choosesTheLongestHeldSocketInNoRoom(_ candidates: [C], _ age: Double, _ expected: Int?) {
        #expect(MakeWay.victim(among: candidates, olderThan: age, at: 10) == expected)
    }
}
