import Foundation
import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// The room's layout is chosen at creation, logged, restored, and sent to everyone in `welcome`,
/// so every screen shows the same stack; the server's reflow animations use it.
@Suite struct RoomLayoutTests {
    @Test(arguments: [(RoomLayout?.none, RoomLayout.stack), (.stack, .stack), (.koloda, .koloda)])
    func everyMemberIsToldTheRoomsLayout(asked: RoomLayout?, expected: RoomLayout) throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", layout: asked))
        let joined = h.join("Bo")
        let bo = try #require(joined)
        #expect(h.welcome("m1")?.room.layout == expected)
        #expect(h.welcome(bo)?.room.layout == expected)
        var registry = RoomRegistry(library: .bundled())
        _ = try registry.restore(from: h.log.map { LogRecord(at: 0, room: h.code, event: $0) }, at: 0)
        #expect(registry.room(h.code)?.settings.layout == expected, "from the log")
        let checkpoint = try #require(h.room?.checkpoint)
        #expect(try RoomCheckpoint.decoded(checkpoint.encoded()).settings.layout == expected, "from a checkpoint")
    }

    /// A log written before rooms had a layout still reads, as `stack`.
    @Test func anOlderRoomCreatedRecordReadsAsStack() throws {
        let json = #"{"at":0,"event":{"roomCreated":{"cards":[{"id":"a","title":"A"}],"deck":"d","pacing":"lockstep","rule":{"kind":"majority"}}},"room":"K7QM-X4TD-9R"}"#
        let record = try JSONDecoder().decode(LogRecord.self, from: Data(json.utf8))
        let room = try Room.restore(from: [record])
        #expect(room.settings.layout == .stack)
    }

    /// Koloda's layout shows two cards: when the top one leaves, the second moves to the front and
    /// the next arrives behind it with the spring.
    @Test func kolodaReflowsTwoSlots() {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep, layout: .koloda))
        h.join("Bo")
        h.send("m1", .host(HostCommand(command: .start)))
        h.swipe("m1", "dune", .right)
        h.swipe("m2", "dune", .right)
        let kinds = h.received("m2", "animation").compactMap { if case let .animation(a) = $0 { a.kind } else { nil } }
        #expect(kinds == [.flyOff, .reflow, .appear])
    }
}
