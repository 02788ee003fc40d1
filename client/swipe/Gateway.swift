// `swipe gateway`: the SSH gateway's forced command (scripts/ssh-gateway.sh, swipe-ssh.service).
// Runs on the main thread, as the login user sshd switched to (`swipe`, or `guest`), once per ssh
// session (plus GatewayWatchdog's thread). Touches: $SSH_ORIGINAL_COMMAND, $SSH_CONNECTION,
// $SSH_USER_AUTH and $SSH_TTY (sshd's), STATE/sessions (slot and key locks), STATE/members/<key>
// (the key's name and memberships), standard input and output; then runs the full client
// in-process with a ClientRestriction. Starts no program.
import ArgumentParser
import Foundation
import SwipeClient
import SwipeProtocol

struct Gateway: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The SSH gateway's forced command (run by sshd, not by people).",
        discussion: """
            Example (the sshd_config's ForceCommand): gateway --server ws://127.0.0.1:7681 --state /var/lib/swipedeck-ssh
            Reads the member's ssh command line from SSH_ORIGINAL_COMMAND: CODE, join CODE --name NAME, \
            create [--deck NAME] … --name NAME, decks, rooms, results CODE, help, or nothing for a menu. docs/OPERATIONS.md.
            """,
        shouldDisplay: false)

    @Option(help: "The server, as the gateway reaches it: ws://127.0.0.1:PORT.")
    var server: String

    @Option(help: "The gateway's state directory (members by key in STATE/members, session slots in STATE/sessions).")
    var state: String

    @Option(name: .customLong("max-sessions"), help: "Sessions at once; past it a login is told the gateway is full.")
    var maxSessions = 200

    @Option(name: .customLong("max-sessions-per-address"),
            help: "Sessions at once from one source address (an IPv6 /64 counts as one); default a twentieth of --max-sessions, at least 2.")
    var maxSessionsPerAddress: Int?

    @Option(name: .customLong("idle-timeout"), help: "Seconds a menu or prompt waits for a line before the session ends.")
    var idleTimeout: Double = 120

    @Option(name: .customLong("public"), help: "The server's address as members reach it (ws://HOST:PORT): the lobby's swipe join line and the export's links.")
    var publicServer: String?

    @Option(name: .customLong("forget-members-after"), help: "Days after which a key's folder nobody used is removed (its name and memberships).")
    var forgetMembersAfter: Double = 90

    @Option(name: .customLong("max-members-bytes"), help: "Bytes all member folders may hold together; past it the least recently used go first.")
    var maxMembersBytes: Int = 2 << 30

    @Option(name: .customLong("from"),
            help: "A local address the gateway's connections to the server come from (e.g. 127.0.0.2), with the member's own address in X-Forwarded-For: start the server with --trust-proxy for it.")
    var from: String?

    @Option(name: .customLong("guest-user"), help: "The login user whose sessions are guests (no key: a new member each time).")
    var guestUser: String?

    func validate() throws {
        _ = try WebSocketURL(parsing: server)
        if let publicServer { _ = try WebSocketURL(parsing: publicServer) }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1 (got \(maxSessions))") }
        if let perAddress = maxSessionsPerAddress, perAddress < 1 {
            throw ValidationError("--max-sessions-per-address must be at least 1 (got \(perAddress))")
        }
        if let from, ConnectOrigin(bindAddress: from, forwardedFor: "127.0.0.1") == nil {
            throw ValidationError("--from must be an IP address of this host (got \(from))")
        }
        guard forgetMembersAfter > 0, maxMembersBytes > 0 else {
            throw ValidationError("--forget-members-after and --max-members-bytes must be more than 0")
        }
        guard idleTimeout >= 1, idleTimeout <= 86_400 else { throw ValidationError("--idle-timeout must be 1 to 86400 seconds (got \(idleTimeout))") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        // sshd's session process runs this (the ForceCommand); `su guest -c 'gateway …'` does not.
        guard GatewayWatchdog.startedBySSHD(), let source = GatewaySource(sshConnection: environment["SSH_CONNECTION"]) else {
            throw commandFailure("this account runs only the SwipeDeck gateway, started by its sshd", status: 77)
        }
        let request: GatewayRequest
        switch GatewayRequest.parse(environment["SSH_ORIGINAL_COMMAND"]) {
        case let .success(parsed): request = parsed
        case let .failure(problem): throw commandFailure(problem.description, status: 64)
        }
        let hasTerminal = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
        switch request {
        case .help:
            print(Self.help)
            return
        case .decks, .rooms, .results: break   // no terminal needed; a slot of the source's share all the same
        case .menu, .join, .create:
            guard hasTerminal else {
                throw commandFailure("this needs a terminal: add -t to ssh, e.g. ssh -t -p PORT swipe@HOST CODE", status: 6)
            }
        }
        GatewayWatchdog.start(grace: 3)
        let identity = try identify(environment: environment)
        let sessions = state + "/sessions"
        // The key's older session, if still held, goes first: its slots are then free for this one
        // (`decks`, which runs no client, leaves it be).
        let runsAClient = switch request { case .menu, .join, .create: true; case .decks, .rooms, .results, .help: false }
        if case let .member(member) = identity, runsAClient { GatewayKeyLock(directory: sessions, key: member.key).takeOver() }
        let share = GatewayShare(maxSessions: maxSessions, perAddress: maxSessionsPerAddress)
        if let full = GatewaySlots(directory: sessions, share: share).take(source: source) {
            let refusal = share.refusal(full)
            throw commandFailure(refusal.message, status: refusal.status)
        }
        if case let .member(member) = identity {
            GatewayMemberSweep(state: state, maxAgeDays: forgetMembersAfter, maxBytes: maxMembersBytes).run(keeping: member)
        }
        // The server sees the member's address, from the one local address it trusts for it.
        if let from {
            let tag: String? = if case let .member(member) = identity { KeyTag.tag(ofFingerprint: member.key.fingerprint) } else { nil }
            ConnectOrigin.current = ConnectOrigin(bindAddress: from, forwardedFor: source.address, keyTag: tag)
        }
        switch request {
        case .decks:
            try GatewaySession.listDecks(server: try WebSocketURL(parsing: server))
            return
        case let .results(code):
            var address = try WebSocketURL(parsing: server)
            address.path = "/" + code
            try ResultsCommand.parse([address.description]).run()
            return
        case .rooms:
            // The key's own rooms: what its folder keeps, as the server says of each now.
            guard case let .member(member) = identity else {
                print("Guests keep no rooms: log in with a key to come back to your rooms.")
                return
            }
            try Rooms.list(member.kept(server: try WebSocketURL(parsing: server))?.everyRoom() ?? [], json: false, asks: false,
                           openWith: { "ssh … \($0.room.rawValue)" })
            return
        case .menu, .join, .create, .help:
            break
        }
        Self.prepareEnvironment(identity: identity, environment: environment)
        let restriction = ClientRestriction(publicServer: try publicServer.map { try WebSocketURL(parsing: $0) },
                                            hostKey: Self.hostKeyFingerprint(state: state))
        var session = GatewaySession(server: try WebSocketURL(parsing: server), identity: identity, restriction: restriction,
                                     lines: GatewayLines(limit: idleTimeout))
        throw ExitCode(try session.carryOut(request))
    }

    /// The gateway's host key fingerprint, as scripts/ssh-gateway.sh and swipe-ssh.service write it
    /// in STATE/host-key-fingerprint (nil when it is not there).
    static func hostKeyFingerprint(state: String) -> String? {
        (try? String(contentsOfFile: state + "/host-key-fingerprint", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Who logged in: a key's member, or a guest.
    private func identify(environment: [String: String]) throws -> GatewayIdentity {
        let authInfo = environment["SSH_USER_AUTH"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
        if let key = SSHUserKey(authInfo: authInfo) {
            return .member(GatewayMember(state: state, key: key))
        }
        let user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) }
        guard let guestUser, user == guestUser else {
            throw commandFailure("no public key came with this login (sshd's ExposeAuthInfo); log in with a key: ssh -t -p PORT swipe@HOST", status: 77)
        }
        return .guest
    }

    /// Under sshd the member's locale may be unset: the client needs UTF-8 (wide text is blank under
    /// C); their TERM may be unknown here. A keyed member's picture cache is theirs; a guest keeps
    /// nothing.
    private static func prepareEnvironment(identity: GatewayIdentity, environment: [String: String]) {
        let locale = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
        if !locale.uppercased().contains("UTF-8") && !locale.uppercased().contains("UTF8") {
            unsetenv("LC_ALL")
            setenv("LANG", "C.UTF-8", 1)
        }
        // A member's terminal this host's terminfo does not know (or none): the common ground.
        if !TerminalCheck.knows(environment["TERM"] ?? "") { setenv("TERM", "xterm-256color", 1) }
        switch identity {
        case let .member(member): setenv("XDG_CACHE_HOME", member.directory + "/cache", 1)
        case .guest: unsetenv("XDG_CACHE_HOME")
        }
        unsetenv("XDG_STATE_HOME")
    }

    static let help = """
        SwipeDeck over ssh. Type one of these after swipe@HOST (always with ssh -t):
          CODE                                 join room CODE (your name is asked once per key)
          join CODE --name NAME [--spectator]  join under NAME
          create [--deck NAME] [--rule majority|unanimous|approval|atLeast:N] [--pacing lockstep|free]
                 [--layout stack|…] --name NAME   create a room and host it
          create … --until 12:00|3h|2d         a room that waits for its group and closes then
          decks                                the decks this server offers
          rooms                                the rooms your key has joined: open until … / decided → winner
          results CODE                         a room's winner and ranking
          (nothing)                            a menu: create, join, decks, quit
        Your key is who you are: the same key comes back as the same member, from any machine.
        """
}
