// `swipe results URL/CODE`: asks a running server for a room's results (GET /rooms/CODE/results.json
// or .csv) and prints them. Runs on the main thread; blocks on one HTTP request.
import ArgumentParser
import Foundation
import SwipeClient
import SwipeHTTPClient
import SwipeProtocol

struct ResultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "results",
        abstract: "Print a room's winner and ranking (a room with a closing time: once it has closed).",
        discussion: """
            Example: swipe results ws://127.0.0.1:7681/K7QM-X4TD-9R
            Exit status: 0 printed, 2 no such room (or forgotten), 3 no answer from the server, 64 bad address.
            """)

    @Argument(help: "The room's address: ws://HOST:PORT/CODE (or wss://).")
    var address: String

    @Flag(help: "Print the server's JSON as it is.")
    var json = false

    @Flag(help: "Print the ranking as CSV (one row per card, with the winner marked).")
    var csv = false

    func validate() throws {
        _ = try RoomAddress(parsing: address)
        if json && csv { throw ValidationError("--json and --csv: choose one") }
    }

    func run() throws {
        let target = try RoomAddress(parsing: address)
        let file = csv ? "results.csv" : "results.json"
        guard let url = URL(string: target.url.httpBase + "/rooms/\(target.room.rawValue.uppercased())/\(file)") else {
            throw ValidationError("cannot make an HTTP address from \"\(address)\"")
        }
        let answer: (status: Int, body: Data)
        do {
            answer = try HTTPGet.fetch(url)
        } catch {
            FileHandle.standardError.write(Data("swipe: \(error)\n".utf8))
            throw ExitCode(3)
        }
        guard answer.status == 200 else {
            let text = (try? JSONDecoder().decode(ProtocolError.self, from: answer.body)).map(\.message)
                ?? String(decoding: answer.body.prefix(500), as: UTF8.self)
            FileHandle.standardError.write(Data("swipe: \(url): HTTP \(answer.status): \(text)\n".utf8))
            throw ExitCode(answer.status == 404 ? 2 : 3)
        }
        if json || csv {
            FileHandle.standardOutput.write(answer.body)
            if answer.body.last != UInt8(ascii: "\n") { print() }
            return
        }
        guard let results = try? JSONDecoder().decode(Results.self, from: answer.body) else {
            FileHandle.standardError.write(Data("swipe: \(url): the answer is not a room's results\n".utf8))
            throw ExitCode(3)
        }
        print(ResultsText.lines(results, room: target.room.rawValue.uppercased()).joined(separator: "\n"))
    }
}
