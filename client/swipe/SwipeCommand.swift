// The `swipe` command line: subcommands join, create and demo, their flags and checks.
import ArgumentParser
import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol

struct SwipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe",
        abstract: "Swipe through a shared deck with your group, in the terminal.",
        discussion: """
            Drag the top card with the mouse, or use ←/h (nope), →/l (like), ↑/k (super-like), u (undo), \
            r (results), ? (help), q (quit). Set NO_COLOR=1 for a monochrome screen. A terminal that \
            sets COLORTERM=truecolor gets 24-bit colour when terminfo has its direct-colour entry \
            (xterm-direct, tmux-direct: Debian's ncurses-term); SWIPE_COLOURS=256 keeps 256 colours.
            """,
        version: SwipeClientInfo.version,
        subcommands: [Join.self, Create.self, Rooms.self, ResultsCommand.self, Decks.self, Demo.self, Gateway.self])
}

/// Options shared by every subcommand that opens the screen.
struct ScreenOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "Draw without colours (the same as NO_COLOR=1).")
    var noColor = false

    @Option(help: "Who orders right-to-left text: client (shaped and reordered here) or terminal (it runs bidi itself).")
    var bidi: BidiMode = .client

    @Option(help: "Card pictures: auto (by TERM and TERM_PROGRAM, else the terminal's answer to a graphics query; symbols inside tmux), kitty, sixel, symbols (coloured cells) or off (the glyph).")
    var pictures: PictureMode = .auto
}

extension BidiMode: ExpressibleByArgument {}
extension PictureMode: ExpressibleByArgument {}

extension ClientOptions {
    /// These options drawing pictures as `mode` says.
    func drawing(pictures mode: PictureMode) -> ClientOptions {
        var options = self
        options.pictures = mode
        return options
    }
}

struct Join: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join a room by its address.",
        discussion: """
            Example: swipe join ws://127.0.0.1:7681/K7QM-X4TD-9R --name Bo
            Joining a room again from this machine under the same name comes back as the same member, with your \
            votes (and the host role, if you still have it), after a crash, a closed terminal or quitting; \
            --fresh joins as someone new (under a name no member of the room has). Memberships are kept in $XDG_STATE_HOME/swipedeck/members \
            (~/.local/state/swipedeck/members), readable only by you.
            """)

    @Argument(help: "The room's address: ws://HOST:PORT/ROOM (or wss://).")
    var address: String

    @Option(help: "Your name as the group sees it.")
    var name: String

    @Flag(help: "Watch without voting.")
    var spectator = false

    @Flag(help: "Join as a new member, even if this machine was in the room under this name before (by default you come back as that member, with your votes).")
    var fresh = false

    @OptionGroup var screen: ScreenOptions

    func validate() throws {
        _ = try RoomAddress(parsing: address)
        try checkName(name)
    }

    func run() throws {
        let target = try RoomAddress(parsing: address)
        var join = self
        while true {
            let status = try join.start(kept: KeptMembersFile.standard(server: target.url), restriction: nil)
            // Someone in the room has this name: on a terminal, ask for another and join again.
            guard status == ClientExit.nameTakenStatus, isatty(STDIN_FILENO) != 0, let other = Self.askAnotherName() else {
                throw ExitCode(status)
            }
            join.name = other
        }
    }

    /// Another name, read from the terminal (three tries; nil at end of input or an empty line).
    static func askAnotherName() -> String? {
        for _ in 0..<3 {
            FileHandle.standardOutput.write(Data("Another name (Enter to give up): ".utf8))
            guard let line = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces), !line.isEmpty else { return nil }
            if let problem = MemberName.problem(with: line) {
                print(problem.replacingOccurrences(of: "--name", with: "the name"))
                continue
            }
            return line
        }
        return nil
    }

    /// Runs the client for this join, keeping the membership in `kept`; the SSH gateway passes its
    /// own file (per key) and a restriction.
    func start(kept: KeptMembersFile?, restriction: ClientRestriction?) throws -> Int32 {
        let target = try RoomAddress(parsing: address)
        var options = ClientOptions(name: name, entry: .join(room: target.room, role: spectator ? .spectator : nil),
                                    colour: !screen.noColor, bidi: screen.bidi).drawing(pictures: screen.pictures)
        options.restriction = restriction
        if !fresh { options.resumeToken = kept?.token(room: target.room, name: name) }
        return try SwipeApp.run(url: target.url, options: options, kept: kept)
    }
}

struct Create: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a room and join it as host (the room code is shown in the header).",
        discussion: """
            Examples:
              swipe create ws://127.0.0.1:7681 --deck movies --rule majority --pacing lockstep --layout koloda --name Ann
              swipe create ws://127.0.0.1:7681 --deck lunch.txt --name Ann        # a deck from your own file
              printf 'Pho\\nTacos\\nPizza\\n' | swipe create ws://127.0.0.1:7681 --deck - --name Ann
            A deck file is read here and sent with the room: JSON or CSV as swipe-server --decks reads them, a text list \
            (one option per line: Title, Title — body or Title | body; # comments) or a Markdown bullet list. --deck is a \
            file when it has a / or one of the extensions .json .csv .txt .text .list .md .markdown, standard input \
            when it is -, and otherwise the name of a deck the server has (swipe decks URL lists them). A bad file is \
            reported with its line and field and ends swipe with status 64; nothing is sent. At most 500 cards. \
            Pictures the deck names ("picture" in JSON, a picture column in CSV, ![](path) in a Markdown list; relative to the \
            deck file; PNG or JPEG, at most 2 MiB and 4096x4096) are checked here and sent before the room is created; a bad one, \
            or one the server refuses, ends swipe with status 64 naming the deck file, the card and the reason, and no room is created. \
            Without --deck (lockstep rooms) the deck is only what the group proposes in the lobby (a in the client).
            """)

    @Argument(help: "The server's address: ws://HOST:PORT (or wss://).")
    var address: String

    @Option(help: "Your name as the group sees it.")
    var name: String = "Host"

    @Option(help: "The deck: a name the server knows (e.g. movies; swipe decks URL lists them), a file (lunch.txt, ./menu.md, decks/films.json), or - for standard input. Without it (lockstep only) the deck is what the group proposes in the lobby.")
    var deck: String?

    @Option(name: .customLong("deck-format"), help: "How to read --deck's file or standard input: json, csv, text or markdown (default: by the file's extension; for standard input, by its look: JSON, a bullet list, else text).")
    var deckFormat: DeckFormat?

    @Option(help: "When a card is a match: unanimous, majority, approval, or atLeast:N.")
    var rule: String = "majority"

    @Option(help: "lockstep (everyone on the same card) or free (each at their own pace). Default lockstep; free with --until.")
    var pacing: String?

    @Option(help: ArgumentHelp(ClosingTimeFlag.help))
    var until: String?

    @Option(help: "Lockstep: seconds per card before it resolves on its own.")
    var timer: Double?

    @Option(help: ArgumentHelp(LayoutFlag.help))
    var layout: String = RoomLayout.stack.rawValue

    @Option(help: "A webhook (https://…) told when the room opens, with its join lines, and when it is decided, with the winner and the top three (Slack, Mattermost, Rocket.Chat, Discord). The server must allow its host (swipe-server --notify-allow); otherwise the room is not created and swipe exits 2.")
    var notify: String?

    @OptionGroup var screen: ScreenOptions

    func validate() throws {
        _ = try WebSocketURL(parsing: address)
        if let notify, let problem = notifyProblem(notify) { throw ValidationError(problem) }
        try checkName(name)
        _ = try parseRule(rule)
        let pacing = try pacing.map(parsePacing) ?? (until == nil ? .lockstep : .free)
        _ = try parseLayout(layout)
        if until != nil {
            _ = try closingTime()
            if pacing == .lockstep { throw ValidationError("--until makes a room that waits for its group, so it is free-paced: leave --pacing out (lockstep needs everyone at once)") }
            if timer != nil { throw ValidationError("--until and --timer do not go together: a room with a closing time counts its votes at the close") }
            if deck == nil { throw ValidationError("--until needs --deck: the room is open for voting from the start") }
        }
        if let timer, !(timer > 0 && timer <= 3600) {
            throw ValidationError("--timer must be between 0 and 3600 seconds (got \(timer))")
        }
        if let deck, deck.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--deck must name a deck (e.g. movies), a file (lunch.txt) or - for standard input")
        }
        if deckFormat != nil, let deck, case .server = DeckReference(deck) {
            throw ValidationError("--deck-format is for a deck file or standard input, and \"\(deck)\" names a server deck (write ./\(deck) for a file)")
        }
        if deck == nil, pacing == .free {
            throw ValidationError("a free-pacing room starts at once, so it needs --deck; without one, use --pacing lockstep and propose options in the lobby")
        }
        if deck == nil, deckFormat != nil { throw ValidationError("--deck-format needs --deck FILE or --deck -") }
    }

    func run() throws {
        let url = try WebSocketURL(parsing: address)
        throw ExitCode(try start(kept: KeptMembersFile.standard(server: url), restriction: nil))
    }

    /// Runs the client for this create. The SSH gateway passes its own `kept` file, a restriction,
    /// and a deck pasted in its menu (`pastedDeck`, a text list) instead of a file.
    func start(kept: KeptMembersFile?, restriction: ClientRestriction?, pastedDeck: [UInt8]? = nil) throws -> Int32 {
        let url = try WebSocketURL(parsing: address)
        var create = CreateRoom(name: name, rule: try parseRule(rule), pacing: try pacing.map(parsePacing) ?? (until == nil ? .lockstep : nil),
                                timerSeconds: timer, layout: try parseLayout(layout), closesAt: try closingTime()?.iso8601)
        if let pastedDeck {
            do {
                try DeckReference.standardInput.fill(&create, bytes: pastedDeck, format: .text)
            } catch {
                throw ValidationError("the pasted deck: \(error.description)")
            }
            create.deck = "pasted"
        } else if let deck {
            try DeckInput.fill(&create, deck: deck, format: deckFormat)
        }
        create.notify = notify
        let pictures = try DeckInput.pictures(of: create, deck: deck)
        var options = ClientOptions(name: name, entry: .create(create), colour: !screen.noColor, bidi: screen.bidi).drawing(pictures: screen.pictures)
        options.restriction = restriction
        options.deckPictures = pictures
        return try SwipeApp.run(url: url, options: options, kept: kept)
    }
}

extension Create {
    /// `--until` on this machine's clock and zone (nil without it); a bad one ends `swipe` with status 64.
    func closingTime() throws -> UTCTimestamp? {
        guard let until else { return nil }
        let now = Date()
        switch ClosingTimeFlag.parse(until, now: now.timeIntervalSince1970 * 1000, utcOffsetSeconds: TimeZone.current.secondsFromGMT(for: now)) {
        case let .success(time): return time
        case let .failure(problem): throw ValidationError(problem.description)
        }
    }
}

/// `ws://HOST:PORT/ROOM` split into the server URL and the room code.
struct RoomAddress {
    var url: WebSocketURL
    var room: RoomCode

    init(parsing text: String) throws {
        let url: WebSocketURL
        do { url = try WebSocketURL(parsing: text) } catch { throw ValidationError("bad room address \"\(text)\": \(error)") }
        let code = url.path.split(separator: "/").last.map(String.init) ?? ""
        guard !code.isEmpty else {
            throw ValidationError("the address \"\(text)\" has no room code: expected ws://HOST:PORT/ROOM, e.g. ws://127.0.0.1:7681/K7QM-X4TD-9R")
        }
        let allowed = Set(RoomCode.alphabet).union(["-"])
        guard code.count <= 32, code.uppercased().allSatisfy({ allowed.contains($0) }) else {
            throw ValidationError("\"\(code)\" is not a room code (letters 2-9 A-Z without 0 O 1 I L U, and -)")
        }
        self.url = url
        self.room = RoomCode(code)
    }
}

/// Why `--notify URL` cannot be a webhook, or nil (the server checks its host).
func notifyProblem(_ url: String) -> String? {
    let lower = url.lowercased()
    let plain = url.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), plain, url.utf8.count <= 2048,
          url.split(separator: "/", maxSplits: 3).dropFirst().first?.contains("@") == false else {
        return "--notify must be an http:// or https:// URL without a user name, e.g. https://hooks.slack.com/services/T0/B0/x (got \"\(url.prefix(200))\")"
    }
    return nil
}

func checkName(_ name: String) throws {
    if let problem = MemberName.problem(with: name) { throw ValidationError(problem) }
}

func parseLayout(_ text: String) throws -> RoomLayout {
    switch LayoutFlag.parse(text) {
    case let .success(layout): return layout
    case let .failure(unknown): throw ValidationError(unknown.description)
    }
}

func parseRule(_ text: String) throws -> VoteRule {
    switch text.lowercased() {
    case "unanimous": return .unanimous
    case "majority": return .majority
    case "approval": return .approval
    default:
        let parts = text.split(separator: ":")
        if parts.count == 2, parts[0].lowercased() == "atleast", let n = Int(parts[1]), n >= 1 { return .atLeast(likes: n) }
        throw ValidationError("unknown --rule \"\(text)\" (expected unanimous, majority, approval, or atLeast:N with N ≥ 1)")
    }
}

func parsePacing(_ text: String) throws -> Pacing {
    guard let pacing = Pacing(rawValue: text.lowercased()) else {
        throw ValidationError("unknown --pacing \"\(text)\" (expected lockstep or free)")
    }
    return pacing
}
