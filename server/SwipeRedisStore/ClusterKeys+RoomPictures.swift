import SwipeProtocol

extension ClusterKeys {
    /// The pictures a room's host uploaded with their own deck: a hash of tag (`u-` and the bytes'
    /// SHA-256, computed by the node that received them) to bytes. It carries the room's hash tag,
    /// lives as long as the room's other keys (the append script refreshes its lifetime with
    /// theirs) and is deleted when the room is closed. Uploads are never written under
    /// ``picture(_:)``, the deck pictures' shared keys.
    ///
    /// ```swift
    /// ClusterKeys.pictures("K7QM-X4TD-9R")   // "swipedeck:room:{K7QM-X4TD-9R}:pictures"
    /// ```
    public static func pictures(_ code: RoomCode) -> String { "swipedeck:room:{\(code.rawValue)}:pictures" }
}
