import Testing
@testable import swipe_bench

@Suite struct NodeSpreadTests {
    @Test(arguments: [
        // (room, member, nodes, node)
        (0, 0, 1, 0), (7, 3, 1, 0),                   // one node: everyone on it
        (0, 0, 2, 0), (0, 1, 2, 1), (0, 2, 2, 0),      // room 0: creator on node 0, then round-robin
        (1, 0, 2, 1), (1, 1, 2, 0), (1, 2, 2, 1),      // room 1: creator on node 1
        (0, 0, 3, 0), (1, 0, 3, 1), (2, 0, 3, 2), (3, 0, 3, 0),   // creators: room mod N
        (4, 0, 3, 1), (4, 1, 3, 2), (4, 2, 3, 0), (4, 3, 3, 1),   // member k: (room + k) mod N
        (99, 9, 4, 0), (Int.max, 1, 3, 2),             // large indices do not overflow
        (-1, 0, 3, 2), (0, -1, 3, 2),                   // negative indices wrap like positive ones
    ] as [(Int, Int, Int, Int)])
    func picksRoomPlusMemberModNodes(room: Int, member: Int, nodes: Int, node: Int) {
        #expect(NodeSpread.index(room: room, member: member, nodes: nodes) == node)
    }

    @Test(arguments: [0, -1])
    func noNodeToPickFromNoNodes(nodes: Int) {
        #expect(NodeSpread.index(room: 3, member: 1, nodes: nodes) == nil)
        #expect(NodeSpread.pick(from: [String](), room: 3, member: 1) == nil)
    }

    @Test(arguments: [(2, 2), (3, 3), (3, 10), (5, 7)] as [(Int, Int)])
    func aRoomWithAtLeastNMembersHasMembersOnEveryNode(nodes: Int, members: Int) {
        for room in 0..<12 {
            let used = Set((0..<members).compactMap { NodeSpread.index(room: room, member: $0, nodes: nodes) })
            #expect(used == Set(0..<nodes), "room \(room)")
        }
    }

    @Test func creatorsAreSpreadEvenlyOverTheNodes() {
        let creators = (0..<9).compactMap { NodeSpread.index(room: $0, member: 0, nodes: 3) }
        #expect(creators == [0, 1, 2, 0, 1, 2, 0, 1, 2])
    }

    @Test func pickReturnsTheElementAtTheIndex() {
        let urls = ["ws://a/", "ws://b/", "ws://c/"]
        #expect(NodeSpread.pick(from: urls, room: 1, member: 0) == "ws://b/")
        #expect(NodeSpread.pick(from: urls, room: 1, member: 2) == "ws://a/")
        #expect(NodeSpread.pick(from: ["ws://only/"], room: 5, member: 4) == "ws://only/")
    }
}
