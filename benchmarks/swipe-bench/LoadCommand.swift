// Shell: `swipe-bench load`. Main thread: starts servers as child processes when asked, runs the
// load, prints the report on stdout (human text or one JSON object).
import ArgumentParser
import Foundation

struct LoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Rooms of clients voting and dragging: vote/drag latency, deliveries/s, RSS per connection.")

    @Option(help: "Number of client connections.") var clients = 100
    @Option(help: "Number of rooms (clients are spread evenly).") var rooms = 10
    @Option(help: "Seconds to measure after every room is voting.") var duration = 10.0
    @OptionGroup var targets: TargetOptions
    @Option(help: "Milliseconds between votes in a room (each waits for the previous tally to reach everyone).")
    var voteIntervalMs = 100.0
    @Option(help: "Client threads (one lws loop each).") var threads = 2
    @Option(help: "Inline cards per room (server allows up to 500).") var cards = 300
    @Flag(help: "Offer permessage-deflate.") var deflate = false
    @Flag(name: .customLong("validate"), help: "Decode every server message with WireCodec (slower, checks the wire format).")
    var validateWire = false
    @Flag(help: "Add one member to room 0 that never reads.") var stallOne = false

    func validate() throws {
        if clients < 1 || rooms < 1 || clients < rooms { throw ValidationError("need --clients ≥ --rooms ≥ 1") }
        if duration <= 0 { throw ValidationError("--duration must be positive") }
        if threads < 1 || threads > 16 { throw ValidationError("--threads must be 1…16") }
        if cards < 1 || cards > 500 { throw ValidationError("--cards must be 1…500") }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        var options = LoadOptions()
        options.clients = clients
        options.rooms = rooms
        options.duration = duration
        options.voteIntervalMs = voteIntervalMs
        options.threads = threads
        options.deflate = deflate
        options.validate = validateWire
        options.stallOne = stallOne
        options.cards = cards

        try Self.runAgainstTargets(options: options, targets: targets)
    }

    /// Runs `options` against swipe-server (started here, or at every `--url`), then, with
    /// `--against nio`, against the NIO peer with the same load, and prints both.
    static func runAgainstTargets(options: LoadOptions, targets: TargetOptions) throws {
        let primary = try LoadTarget.resolve(urls: targets.urls, pids: targets.serverPids) {
            try ServerProcess.startSwipeServer(path: targets.serverPath)
        }
        defer { primary.stop() }
        let result = try LoadRunner.run(target: primary, options: options)
        primary.stop()
        var peers: [(name: String, result: LoadResult)] = []
        for peer in targets.peers {
            let target: LoadTarget
            switch peer {
            case .nio:
                target = try LoadTarget.resolve(urls: targets.nioUrl.map { [$0] } ?? [], pids: []) {
                    try ServerProcess.startNIOPeer(path: targets.nioPeerPath)
                }
            case .floor:
                target = try LoadTarget.resolve(urls: targets.floorUrl.map { [$0] } ?? [], pids: []) {
                    try ServerProcess.startLWSFloor(path: targets.floorPath)
                }
            }
            defer { target.stop() }
            peers.append((peer.rawValue, try LoadRunner.run(target: target, options: options)))
        }
        try Report.print(result, peers: peers, json: targets.json)
    }
}

struct IdleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idle", abstract: "Connect many clients, join them to rooms, hold, and report server RSS per connection.",
        discussion: "With --url repeated, the connections are spread over the nodes as in `load`: a room's creator on "
            + "node (room mod N), its member k on node ((room + k) mod N).")

    @Option(help: "Number of client connections.") var clients = 10_000
    @Option(help: "Members per room.") var perRoom = 10
    @Option(help: "Seconds to hold the connections.") var hold = 5.0
    @Option(help: "Client threads.") var threads = 2
    @OptionGroup var targets: TargetOptions

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        var options = LoadOptions()
        options.clients = clients
        options.rooms = max(1, (clients + perRoom - 1) / perRoom)
        options.duration = hold
        options.threads = threads
        options.idle = true
        options.cards = 10
        try LoadCommand.runAgainstTargets(options: options, targets: targets)
    }
}
