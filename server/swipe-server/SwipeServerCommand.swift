// swipe-server: the executable shell. `serve` (the default) runs on the main thread until SIGINT or
// SIGTERM arrives on a dispatch queue, which stops the SwipeServerHost (its own lws service thread).
// `export` fetches a room's results over HTTP from a running server.
import ArgumentParser
import Foundation
import SwipeHTTPClient
import Logging
import SwipeBackend
import SwipeSQLiteStore
import SwipePictures
import SwipeProtocol
import SwipeRooms
import SwipeServer
import SwipeStoreChoice
import SwipeStore

@main
struct SwipeServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe-server",
        abstract: "Host SwipeDeck rooms: shared decks, group voting, live card states over WebSocket.",
        discussion: """
            With no subcommand, `serve` runs: swipe-server [--host 127.0.0.1] [--port 7681] [--decks DIR] \
            [--tls-cert PEM --tls-key PEM] [--log-level info]. See `swipe-server serve --help` and docs/PROTOCOL.md.
            """,
        version: SwipeServerInfo.version,
        subcommands: [Serve.self, Export.self],
        defaultSubcommand: Serve.self)
}

/// The log levels the flag accepts.
extension Logger.Level: @retroactive ExpressibleByArgument {}

/// normal or full for --durability.
extension StoreDurability: ExpressibleByArgument {}
extension EventLoopBackend: ExpressibleByArgument {}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the server (the default). Prints \"listening on HOST:PORT\" first; SIGINT/SIGTERM close every connection with 1001 and exit 0; a durable log that cannot be written exits 74.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 7681
    @Option(help: "A directory of deck files (.json, .csv) added to the bundled decks.") var decks: String?
    @Option(name: .customLong("max-picture-bytes"), help: "Largest card picture file (PNG or JPEG) a deck in --decks may name (a larger one refuses the deck) or a host may upload with their own deck (refused with badPicture).")
    var maxPictureBytes = PictureLimits.standard.maxBytes
    @Option(name: .customLong("max-picture-pixels"), help: "Largest width and height of a card picture, WIDTHxHEIGHT, in --decks and in uploads; checked from the file's header before any pixel is decoded.")
    var maxPicturePixels = "4096x4096"
    @Option(name: .customLong("max-room-picture-bytes"), help: "Bytes of pictures a host may upload with their own deck (swipe create --deck FILE), all of one room's together; 0 takes no uploads.")
    var maxRoomPictureBytes = UploadLimits().maxRoomBytes
    @Option(name: .customLong("tls-cert"), help: "PEM certificate: serve wss:// and https://.") var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: "PEM private key for --tls-cert.") var tlsKey: String?
    @OptionGroup var stores: StoreOptions
    @Flag(help: "Offer permessage-deflate compression (off by default: libwebsockets 4.1.6 was seen corrupting larger compressed client messages).")
    var deflate = false
    @Option(name: .customLong("event-loop"), help: "epoll (a libev loop, the default) or poll (lws's own loop; every wake-up polls every socket).")
    var eventLoop: EventLoopBackend = .epoll
    @Option(name: .customLong("origin"), help: "A browser origin allowed to connect (repeatable); others get 403. Default: any.")
    var origins: [String] = []
    @Option(name: .customLong("max-rooms"), help: "Rooms held in memory at most (with --data, rooms nobody is in sleep in the log first; --max-open-rooms bounds all open rooms).") var maxRooms = RegistryLimits().maxRooms
    @Option(name: .customLong("max-members"), help: "Members per room at most.") var maxMembers = RegistryLimits().maxMembersPerRoom
    @Option(name: .customLong("max-proposals-per-member"), help: "Options one member may have proposed in a room's lobby at once (every node of a cluster must use the same).")
    var maxProposalsPerMember = ProposalCaps().perMember
    @Option(name: .customLong("max-proposals-per-room"), help: "Options a room's lobby may hold at once (every node of a cluster must use the same).")
    var maxProposalsPerRoom = ProposalCaps().perRoom
    @Option(name: .customLong("max-message-bytes"), help: "Largest message accepted (larger closes 1009).")
    var maxMessageBytes = TransportLimits().maxMessageBytes
    @Option(name: .customLong("send-queue"), help: "Frames queued for one slow reader before it is closed 1008.")
    var sendQueue = TransportLimits().sendQueueCapacity
    @Option(name: .customLong("failed-joins-per-minute"), help: "Failed joins (bad room code or token) per address per minute (a cluster counts them over every node).")
    var failedJoins = TransportLimits().failedJoinsPerMinute
    @Option(name: .customLong("slowed-join-interval"), help: "Past --failed-joins-per-minute, each connection from that address may try a room code once per this many seconds (the address is slowed, not shut out: people behind one NAT share it). Seconds \(SecondsFlag.orSpan).", transform: SecondsFlag.parse)
    var slowedJoinInterval = TransportLimits().slowedJoinIntervalSeconds
    @Option(name: .customLong("ping-interval"), help: "Whole seconds \(SecondsFlag.orWholeSpan) of silence before the server pings a connection.", transform: SecondsFlag.parseWhole)
    var pingInterval = TransportLimits().pingIntervalSeconds
    @Option(name: .customLong("idle-timeout"), help: "Whole seconds \(SecondsFlag.orWholeSpan) of silence (no pong) before a connection is closed and its member shown offline.", transform: SecondsFlag.parseWhole)
    var idleTimeout = TransportLimits().idleTimeoutSeconds
    @Option(name: .customLong("max-messages-per-second"), help: "Sustained messages per second per connection before a flood closes it (1008).")
    var maxMessagesPerSecond: Double = TransportLimits().messagesPerSecond
    @Option(name: .customLong("message-burst"), help: "Messages a connection may send at once before the rate applies.")
    var messageBurst: Double = TransportLimits().messageBurst
    @Option(name: .customLong("animation-lead"), help: "Milliseconds ahead of a decision that its animations are scheduled, so every screen starts them at the same instant (0-1000).")
    var animationLead: Double = RoomSettings.defaultAnimationLead
    @Option(name: .customLong("restart-grace"), help: "Seconds \(SecondsFlag.orSpan) after a restart that members not back yet still count as a lockstep card's voters; then they count as gone.", transform: SecondsFlag.parse)
    var restartGrace: Double = 60
    @Option(name: .customLong("drop-grace"), help: "Seconds \(SecondsFlag.orSpan) a lockstep voter whose connection dropped (without quitting) still counts for the current card, so they can reconnect before it is decided without them; 0 decides without them at once.", transform: SecondsFlag.parse)
    var dropGrace: Double = 15
    @Option(name: .customLong("send-queue-bytes"), help: "Bytes queued for one slow reader before it is closed 1008.")
    var sendQueueBytes = TransportLimits().sendQueueBytes
    @Option(name: .customLong("max-queued-bytes"), help: "Bytes queued for all connections together; past it the connection holding the most is closed 1008.")
    var maxQueuedBytes = TransportLimits().totalQueuedBytes
    @Option(name: .customLong("results-per-second"), help: "`results` requests per connection per second (burst 5) before rateLimited.")
    var resultsPerSecond: Double = TransportLimits().resultsPerSecond
    @Option(name: .customLong("max-connections-per-address"), help: "Sockets in no room per client address (0: no cap; sockets in rooms do not count). At the cap the longest-held one makes way at once for a WebSocket upgrade; plain HTTP gets 429 unless one has sat 10 s.")
    var maxConnectionsPerAddress = TransportLimits().maxConnectionsPerAddress
    @Option(name: .customLong("max-rooms-per-address"), help: "Open rooms one client address may have created (0: no cap; a cluster counts them over every node); more get tooManyRooms.")
    var maxRoomsPerAddress = TransportLimits().maxRoomsPerAddress
    @Option(name: .customLong("unjoined-room-timeout"), help: "Seconds \(SecondsFlag.orSpan) after its creator left before a room nobody else joined is evicted (others: --abandoned-room-timeout after the last one left; rooms with a closing time: never before it).", transform: SecondsFlag.parse)
    var unjoinedRoomTimeout: Double = ServerConfiguration(store: .memory).unjoinedRoomTimeoutSeconds
    @Option(name: .customLong("trust-proxy"), help: "A reverse proxy (CIDR, repeatable) whose Forwarded / X-Forwarded-For header names the client; per-address limits then count that client.")
    var trustProxies: [String] = []
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.") var logLevel: Logger.Level = .info
    @OptionGroup var operations: OperationsOptions
    @OptionGroup var lifetimes: RoomLifetimeOptions
    @OptionGroup var notify: NotifyOptions

    func run() throws {
        operations.bootstrapLogging(level: logLevel)
        let library: DeckLibrary
        var uploadLimits = UploadLimits(maxRoomBytes: maxRoomPictureBytes)
        guard maxRoomPictureBytes >= 0 else { throw ValidationError("--max-room-picture-bytes must be 0 (no uploads) or more (got \(maxRoomPictureBytes))") }
        do {
            let sides = maxPicturePixels.lowercased().split(separator: "x").compactMap { Int($0) }
            guard sides.count == 2, sides.allSatisfy({ $0 > 0 }), maxPictureBytes > 0 else {
                throw ValidationError("--max-picture-pixels takes WIDTHxHEIGHT (e.g. 4096x4096) and --max-picture-bytes a positive number")
            }
            let limits = PictureLimits(maxBytes: maxPictureBytes, maxWidth: sides[0], maxHeight: sides[1])
            uploadLimits.pictures = limits
            library = try decks.map { try DeckLibrary.load(directory: $0, pictureLimits: limits) } ?? .bundled()
        } catch {
            throw ValidationError("\(error)")
        }
        guard maxMessagesPerSecond > 0, messageBurst >= 1, resultsPerSecond > 0, unjoinedRoomTimeout > 0 else {
            throw ValidationError("--max-messages-per-second and --results-per-second and --unjoined-room-timeout must be positive and --message-burst at least 1")
        }
        guard slowedJoinInterval > 0, slowedJoinInterval <= 3600 else {
            throw ValidationError("--slowed-join-interval must be more than 0 and at most 3600 seconds (got \(slowedJoinInterval))")
        }
        guard maxProposalsPerMember >= 0, maxProposalsPerRoom >= 0 else {
            throw ValidationError("--max-proposals-per-member and --max-proposals-per-room must be 0 (no proposals) or more")
        }
        guard animationLead >= 0, animationLead <= 1000 else {
            throw ValidationError("--animation-lead must be between 0 and 1000 milliseconds (got \(animationLead))")
        }
        let proxies: [AddressRange]
        do {
            proxies = try trustProxies.map(AddressRange.init(parsing:))
        } catch {
            throw ValidationError("--trust-proxy: \(error)")
        }
        let storeChoice = try stores.choice(port: port)
        DescriptorLimit.raiseToHard()
        RecvInterposer.install()
        TLSReadInterposer.install()
        var configuration = ServerConfiguration(host: host, port: port, decks: library, tlsCertificatePath: tlsCert,
                                                tlsPrivateKeyPath: tlsKey, logger: Logger(label: "swipe-server"),
                                                store: storeChoice.wiring)
        configuration.allowedOrigins = origins
        configuration.uploadLimits = uploadLimits
        configuration.deflate = deflate
        configuration.eventLoop = eventLoop
        configuration.restartGrace = restartGrace * 1000
        configuration.dropGrace = dropGrace * 1000
        configuration.registryLimits.maxRooms = maxRooms
        configuration.registryLimits.maxMembersPerRoom = maxMembers
        configuration.registryLimits.proposalCaps = ProposalCaps(perMember: maxProposalsPerMember, perRoom: maxProposalsPerRoom)
        configuration.registryLimits.animationLead = animationLead
        configuration.transportLimits = TransportLimits(
            maxMessageBytes: maxMessageBytes, messagesPerSecond: maxMessagesPerSecond, messageBurst: messageBurst,
            sendQueueCapacity: sendQueue, failedJoinsPerMinute: failedJoins, pingIntervalSeconds: pingInterval,
            idleTimeoutSeconds: idleTimeout)
        configuration.transportLimits.sendQueueBytes = sendQueueBytes
        configuration.transportLimits.totalQueuedBytes = maxQueuedBytes
        configuration.transportLimits.resultsPerSecond = resultsPerSecond
        configuration.transportLimits.maxConnectionsPerAddress = maxConnectionsPerAddress
        configuration.transportLimits.maxRoomsPerAddress = maxRoomsPerAddress
        configuration.transportLimits.slowedJoinIntervalSeconds = slowedJoinInterval
        configuration.trustedProxies = proxies
        configuration.unjoinedRoomTimeoutSeconds = unjoinedRoomTimeout
        try lifetimes.apply(to: &configuration)
        configuration.metricsAccess = try operations.metricsAccess()
        configuration.sshJoin = try operations.sshJoinLine()
        configuration.keyTags = operations.keyTags
        configuration.notify = try notify.settings()
        let server = SwipeServerHost(configuration: configuration)
        let bound: Int
        do {
            bound = try server.start()
        } catch let error as ServerStartError {
            FileHandle.standardError.write(Data("swipe-server: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                SystemdNotify.send("STOPPING=1")
                server.stop()
            }
            source.resume()
            return source
        }
        // Only now: whoever waits for this line may send SIGTERM at once and it will be handled.
        FileHandle.standardOutput.write(Data("listening on \(host):\(bound)\n".utf8))
        SystemdNotify.send("READY=1\nSTATUS=listening on \(host):\(bound)")
        server.waitUntilStopped()
        signals.forEach { $0.cancel() }
        // A log that cannot be written stops the server: exit non-zero so a supervisor restarts it.
        if server.storageFailure != nil { throw ExitCode(SwipeServerHost.storageFailureExitCode) }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a room's results (ranking with likes, nopes and who voted what) from a running server.")

    @Argument(help: "The room code.") var room: String
    @Option(help: "The running server.") var url = "http://127.0.0.1:7681"
    @Option(help: "json or csv.") var format = "json"

    func run() throws {
        guard format == "json" || format == "csv" else { throw ValidationError("--format must be json or csv, not \"\(format)\"") }
        let code = room.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? room
        guard let target = URL(string: "\(url)/rooms/\(code)/results.\(format)") else {
            throw ValidationError("--url \"\(url)\" is not a URL")
        }
        let (status, body) = try HTTPGet.fetch(target)
        guard status == 200 else {
            throw HTTPGet.Failure(description: "\(target): HTTP \(status): \(String(decoding: body, as: UTF8.self))")
        }
        FileHandle.standardOutput.write(body)
    }
}
