// Shell: one SSH gateway session after the login is known: asks what it must (a name, once per key)
// on the terminal, line by line, then runs `swipe join` / `swipe create` in-process with the key's
// memberships and a ClientRestriction. Runs on the main thread; touches standard input and output,
// the key's GatewayMember folder, and (through SwipeApp) the terminal and the server.
import ArgumentParser
import Foundation
import SwipeClient
import SwipeProtocol

/// What a session does with a `GatewayRequest`.
///
/// ```swift
/// var session = GatewaySession(server: url, identity: .guest, restriction: ClientRestriction(publicServer: nil),
///                              lines: GatewayLines(limit: 120))
/// let status = try session.carryOut(.join(code: "K7QM-X4TD-9R", arguments: []))
/// ```
struct GatewaySession {
    let server: WebSocketURL
    let identity: GatewayIdentity
    let restriction: ClientRestriction
    /// The member's typed lines (menu and prompts), ending the session when nobody types.
    let lines: GatewayLines

    /// The decks the server offers, as `swipe decks` lists them (no terminal needed).
    static func listDecks(server: WebSocketURL) throws {
        try Decks.parse([server.description]).run()
    }

    /// Runs the request; returns the exit status.
    mutating func carryOut(_ request: GatewayRequest) throws -> Int32 {
        switch request {
        case .help:
            print(Gateway.help)
            return 0
        case .decks:
            try Self.listDecks(server: server)
            return 0
        case .rooms, .results:
            return 0   // answered before a session is opened (Gateway.run)
        case let .join(code, arguments):
            return try join(code: code, arguments: arguments)
        case let .create(arguments):
            return try create(arguments: arguments, pastedDeck: nil)
        case .menu:
            return try menu()
        }
    }

    func join(code: String, arguments: [String]) throws -> Int32 {
        var address = server
        address.path = "/" + code
        // The flags are checked before a name is asked for.
        _ = try parse { try Join.parse([address.description] + arguments + Self.placeholderName(arguments)) }
        var name = try chosenName(arguments).name
        let others = Self.withoutName(arguments)
        while true {
            let command = try parse { try Join.parse([address.description] + others + ["--name", name]) }
            let status = try command.start(kept: kept, restriction: restriction)
            // Someone in the room has this name (the client said so): another, and again.
            guard status == ClientExit.nameTakenStatus else { return status }
            name = try ask(name: ())
            if case let .member(member) = identity { member.remember(name: name) }
        }
    }

    func create(arguments: [String], pastedDeck: [UInt8]?) throws -> Int32 {
        if let refusal = GatewayRequest.refusal(forCreate: arguments) { throw commandFailure(refusal, status: 64) }
        if pastedDeck == nil { _ = try parse { try Create.parse([server.description] + arguments + Self.placeholderName(arguments)) } }
        let name = try chosenName(arguments)
        let command = try parse { try Create.parse([server.description] + arguments + name.flag) }
        do {
            return try command.start(kept: kept, restriction: restriction, pastedDeck: pastedDeck)
        } catch let error as ValidationError {
            throw commandFailure(error.message, status: 64)
        }
    }

    private var kept: KeptMembersFile? {
        switch identity {
        case let .member(member): member.kept(server: server)
        case .guest: nil
        }
    }

    /// `--name` as given (and then remembered for the key), else the key's name, else asked.
    private func chosenName(_ arguments: [String]) throws -> (name: String, flag: [String]) {
        if let given = Self.nameFlag(arguments) {
            if case let .member(member) = identity, MemberName.problem(with: given) == nil { member.remember(name: given) }
            return (given, [])
        }
        if case let .member(member) = identity, let name = member.name { return (name, ["--name", name]) }
        let name = try ask(name: ())
        if case let .member(member) = identity { member.remember(name: name) }
        return (name, ["--name", name])
    }

    /// A name for checking the other flags before the real one is known.
    static func placeholderName(_ arguments: [String]) -> [String] { nameFlag(arguments) == nil ? ["--name", "x"] : [] }

    /// `arguments` without their `--name NAME` / `--name=NAME`.
    static func withoutName(_ arguments: [String]) -> [String] {
        var kept: [String] = [], skipNext = false
        for word in arguments {
            if skipNext { skipNext = false; continue }
            if word == "--name" { skipNext = true; continue }
            if word.hasPrefix("--name=") { continue }
            kept.append(word)
        }
        return kept
    }

    static func nameFlag(_ arguments: [String]) -> String? {
        for (i, word) in arguments.enumerated() {
            if word == "--name", i + 1 < arguments.count { return arguments[i + 1] }
            if word.hasPrefix("--name=") { return String(word.dropFirst("--name=".count)) }
        }
        return nil
    }

    /// Asks for a name until one is good (three tries).
    private func ask(name _: ()) throws -> String {
        for _ in 0..<3 {
            guard let line = try prompt("Your name in the room (the group sees it): ") else { throw ExitCode(0) }
            let name = line.trimmingCharacters(in: .whitespaces)
            if let problem = MemberName.problem(with: name) {
                print(problem.replacingOccurrences(of: "--name", with: "the name"))
                continue
            }
            return name
        }
        throw commandFailure("no name given", status: 64)
    }

    /// One line from the terminal after `text`; nil at end of input. Nothing typed for the idle
    /// limit ends the session with status 75, saying so.
    func prompt(_ text: String) throws -> String? {
        FileHandle.standardOutput.write(Data(text.utf8))
        return try line()
    }

    /// The next typed line; nil at end of input; the session's end when nobody typed.
    func line() throws -> String? {
        switch lines.next() {
        case let .line(text): return text
        case .end: return nil
        case .idle:
            print("")
            throw commandFailure(PromptIdle(limit: lines.limit, start: 0).farewell, status: 75)
        }
    }

    /// Runs a `swipe` subcommand's parser; its complaint is one line and status 64.
    private func parse<Command>(_ body: () throws -> Command) throws -> Command {
        do {
            return try body()
        } catch {
            throw commandFailure(Gateway.message(for: error), status: 64)
        }
    }
}

extension Gateway {
    /// The line ArgumentParser would print for `error`, without the usage.
    static func message(for error: Error) -> String {
        Join.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
}
