/// Which server node a room member connects to when `load` or `idle` targets several nodes that share
/// rooms (`--url` repeated): round-robin, the room's creator on node `room mod N` and member `k` on
/// node `(room + k) mod N`, so a room with at least N members has members on every node.
///
/// ```swift
/// NodeSpread.index(room: 4, member: 0, nodes: 3)                        // 1: room 4's creator
/// NodeSpread.index(room: 4, member: 2, nodes: 3)                        // 0
/// NodeSpread.pick(from: ["ws://a/", "ws://b/"], room: 1, member: 1)     // "ws://a/"
/// ```
enum NodeSpread {
    /// The index (0..<nodes) of the node for member `member` (0 is the creator) of room `room`, or nil
    /// when there is no node to pick (`nodes` < 1). Negative indices wrap like positive ones.
    ///
    /// ```swift
    /// NodeSpread.index(room: 2, member: 5, nodes: 3)   // 1
    /// NodeSpread.index(room: 2, member: 5, nodes: 0)   // nil
    /// ```
    static func index(room: Int, member: Int, nodes: Int) -> Int? {
        guard nodes >= 1 else { return nil }
        let sum = room % nodes + member % nodes
        return (sum % nodes + nodes) % nodes
    }

    /// The element of `nodes` that `index(room:member:nodes:)` picks, or nil when `nodes` is empty.
    ///
    /// ```swift
    /// NodeSpread.pick(from: [urlA, urlB, urlC], room: 0, member: 2)   // urlC
    /// ```
    static func pick<Node>(from nodes: [Node], room: Int, member: Int) -> Node? {
        index(room: room, member: member, nodes: nodes.count).map { nodes[$0] }
    }
}
