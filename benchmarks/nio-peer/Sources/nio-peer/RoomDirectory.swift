// Any EventLoop thread: the code → room map, guarded by a lock. Rooms themselves are confined to
// their home loops.
import NIOConcurrencyHelpers
import NIOCore

final class RoomDirectory: Sendable {
    private let rooms = NIOLockedValueBox<[String: PeerRoom]>([:])
    private static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTVWXYZ")

    func create(on loop: EventLoop, deckName: String, cards: [PeerCard]) -> PeerRoom {
        rooms.withLockedValue { rooms in
            var code: String
            repeat {
                code = String((0..<5).map { _ in Self.alphabet[Int.random(in: 0..<Self.alphabet.count)] })
            } while rooms[code] != nil
            let room = PeerRoom(code: code, loop: loop, deckName: deckName, cards: cards)
            rooms[code] = room
            return room
        }
    }

    func find(_ code: String) -> PeerRoom? {
        rooms.withLockedValue { $0[code.uppercased()] }
    }
}
