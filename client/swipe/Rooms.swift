// `swipe rooms`: the rooms this machine has joined and not forgotten, each with what its server
// says now (GET /rooms/CODE/results.json). Runs on the main thread; one blocking request per room.
import ArgumentParser
import Foundation
import SwipeClient
import SwipeHTTPClient
import SwipeProtocol

struct Rooms: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the rooms you have joined from this machine: open until … with your progress, or decided → the winner.",
        discussion: """
            Each line ends with the swipe join command that opens the room again (you come back to your own votes). \
            The list is this machine's ($XDG_STATE_HOME/swipedeck/members): quitting keeps a room in it; a room its host closed, or that removed you, leaves it. \
            Exit status: 0 listed (also when empty).
            """)

    @Flag(help: "One JSON object per room: server, room, name and the server's results (or an error).")
    var json = false

    func run() throws {
        guard let kept = KeptMembersFile.standard(server: try WebSocketURL(parsing: "ws://127.0.0.1:7681")) else {
            print("swipe: no state directory (set HOME or XDG_STATE_HOME): no rooms are kept")
            return
        }
        var seen = Set<String>()
        let entries = kept.everyRoom().reversed().filter { seen.insert($0.server + "\t" + $0.room.rawValue + "\t" + $0.name).inserted }
        if entries.isEmpty && !json { print("No rooms joined from this machine yet (swipe join ws://HOST:PORT/CODE --name YOU).") }
        let now = Date().timeIntervalSince1970 * 1000
        for entry in entries.reversed() {
            let (state, body) = Self.ask(server: entry.server, room: entry.room)
            if json {
                var object: [String: Any] = ["server": entry.server, "room": entry.room.rawValue, "name": entry.name]
                switch state {
                case .answered: object["results"] = (try? JSONSerialization.jsonObject(with: body)) ?? NSNull()
                case .gone: object["error"] = "unknownRoom"
                case let .unreachable(why): object["error"] = why
                }
                let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
                print(String(decoding: data, as: UTF8.self))
            } else {
                print(RoomsText.line(room: entry.room.rawValue, server: entry.server, name: entry.name, state: state,
                                     now: now, utcOffsetSeconds: TimeZone.current.secondsFromGMT()))
            }
        }
    }

    /// The room's results from its server, as a state and the raw body.
    static func ask(server: String, room: RoomCode) -> (RoomsText.State, Data) {
        guard let base = try? WebSocketURL(parsing: server), let url = URL(string: base.httpBase + "/rooms/\(room.rawValue)/results.json") else {
            return (.unreachable("bad address \(server)"), Data())
        }
        do {
            let answer = try HTTPGet.fetch(url)
            if answer.status == 404 { return (.gone, answer.body) }
            guard answer.status == 200, let results = try? JSONDecoder().decode(Results.self, from: answer.body) else {
                return (.unreachable("HTTP \(answer.status)"), answer.body)
            }
            return (.answered(results), answer.body)
        } catch {
            return (.unreachable("\(error)"), Data())
        }
    }
}
