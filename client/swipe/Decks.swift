// `swipe decks URL`: asks a running server which decks it offers (GET /decks) and prints them.
// Runs on the main thread; blocks on one HTTP request.
import ArgumentParser
import Foundation
import SwipeClient
import SwipeProtocol

struct Decks: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the decks a server offers (name, number of cards, title).",
        discussion: """
            Example: swipe decks ws://127.0.0.1:7681
            Use a name with swipe create --deck NAME, or bring your own: --deck FILE (.json, .csv, .txt, .md) or --deck - \
            (standard input). Exit status: 0 listed, 3 no answer from the server, 64 bad address.
            """)

    @Argument(help: "The server's address: ws://HOST:PORT (or wss://).")
    var address: String

    @Flag(help: "Print the server's JSON as it is.")
    var json = false

    func validate() throws {
        _ = try WebSocketURL(parsing: address)
    }

    func run() throws {
        let server = try WebSocketURL(parsing: address)
        let answer = try fetchOrExit(server: server, path: "/decks", address: address)
        let url = answer.url
        guard answer.status == 200, let list = try? JSONDecoder().decode(DeckList.self, from: answer.body) else {
            let text = String(decoding: answer.body.prefix(500), as: UTF8.self)
            FileHandle.standardError.write(Data("swipe: \(url): HTTP \(answer.status): \(text)\n".utf8))
            throw ExitCode(answer.status == 404 ? 2 : 3)
        }
        if json {
            FileHandle.standardOutput.write(answer.body)
            print()
        } else {
            print(list.table())
        }
    }
}
