// Shell: the SSH gateway's menu, for a login with no command. Runs on the main thread; reads lines
// from the terminal (cooked mode: the member's own line editing) before the client's screen starts.
import ArgumentParser
import Foundation
import SwipeClient
import SwipeProtocol

extension GatewaySession {
    /// The menu: create, join by code, decks, quit. Returns the client's exit status.
    mutating func menu() throws -> Int32 {
        let who: String = switch identity {
        case let .member(member): "your key \(member.key.fingerprint)" + (member.name.map { ", name \($0)" } ?? "")
        case .guest: "a guest (a new member each time)"
        }
        print("SwipeDeck — \(who)")
        if let key = restriction.hostKey { print("this gateway's host key: \(key) (what your ssh asked you to accept the first time)") }
        while true {
            print("""
                  c  create a room
                  j  join a room by its code
                  d  the decks this server offers
                  q  quit
                """)
            guard let choice = try prompt("> ")?.trimmingCharacters(in: .whitespaces).lowercased() else { return 0 }
            switch choice {
            case "c", "1", "create": return try createFromMenu()
            case "j", "2", "join":
                guard let code = try prompt("Room code: ")?.trimmingCharacters(in: .whitespaces), !code.isEmpty else { continue }
                guard case .success(.join(let checked, _)) = GatewayRequest.parse("join " + code) else {
                    print("\"\(TextMetrics.clean(String(code.prefix(40))))\" is not a room code")
                    continue
                }
                return try join(code: checked, arguments: [])
            case "d", "3", "decks":
                try? Self.listDecks(server: server)
            case "q", "4", "quit", "exit": return 0
            default: print("type c, j, d or q")
            }
        }
    }

    /// Asks for a deck (a server deck's name, or options pasted one per line), then creates.
    private func createFromMenu() throws -> Int32 {
        print("The deck: a server deck's name (d lists them), or press Enter and paste your own options,")
        print("one per line (Title, or Title — details), then a line with only a dot (.)")
        guard let deck = try prompt("Deck: ")?.trimmingCharacters(in: .whitespaces) else { return 0 }
        if !deck.isEmpty {
            return try create(arguments: ["--deck", deck], pastedDeck: nil)
        }
        var lines: [String] = []
        while let pasted = try self.line(), pasted.trimmingCharacters(in: .whitespaces) != "." {
            lines.append(pasted)
            if lines.count > 600 { throw commandFailure("a pasted deck has at most 500 options", status: 64) }
        }
        guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw commandFailure("no options pasted", status: 64)
        }
        return try create(arguments: [], pastedDeck: Array(lines.joined(separator: "\n").utf8))
    }
}
