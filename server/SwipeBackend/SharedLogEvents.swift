// What a shared store tells the driver unasked: its link, and what it is handed for the rooms and
// channels this node listens on. Service thread only (the store calls it inside the loop's turn).
import SwipeProtocol
import SwipeRooms

/// What a shared store tells the driver, unasked: the node is the store's event handler, and
/// keeps what follows from it (whether the store can be reached, why not).
///
/// ```swift
/// try store.connect(eventLoop: loop, events: backend)
/// ```
package protocol SharedLogEvents: AnyObject {
    /// The store can be reached (at start, or again after an outage).
    func storeCameUp()
    /// The store cannot be reached (`reason` says why); every pending answer was given first.
    func storeWentDown(_ reason: String)
    /// From now on the room's entries reach this node as they are appended.
    func followed(_ code: RoomCode)
    /// An entry of a followed room, as it was appended (by any node).
    func published(_ logged: LoggedEntry, in code: RoomCode)
    /// Something reached this node for a followed room that could not be read.
    func publishedUnreadable(in code: RoomCode)
    /// A message published on `channel` (`SharedStore.publish`), by any node, this one included.
    func received(_ message: [UInt8], on channel: SharedChannel)
}
