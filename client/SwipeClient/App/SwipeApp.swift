// Shell: the client's main loop. Runs on the MAIN thread: reads input, drains the network inbox,
// calls `update`, carries out effects through ServerLink (and ResultsExporter for the host's
// export), and paints `view` through CursesPainter.
import Foundation

/// Runs the terminal client until the user quits, the room closes for good, or a stop signal.
///
/// ```swift
/// let options = ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil))
/// let status = try SwipeApp.run(url: try WebSocketURL(parsing: "ws://127.0.0.1:7700/"), options: options)
/// ```
public enum SwipeApp {
    /// Local monotonic time in milliseconds.
    static func monotonicMs() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000 }

    /// Runs the client; returns the process exit status (`ClientExit.status`: 0 on quit, 2 refused,
    /// 3 unreachable, 4 kicked, 5 room closed, 6 unusable terminal, 128+n after signal n). The
    /// reason for any other end is printed on stderr once the terminal is restored.
    ///
    /// ```swift
    /// let status = try SwipeApp.run(url: try WebSocketURL(parsing: "ws://127.0.0.1:7681/"), options: options)
    /// ```
    ///
    /// `kept`: where this machine keeps its memberships (`KeptMembersFile.standard`; nil keeps none,
    /// as the demo does).
    public static func run(url: WebSocketURL, options: ClientOptions,
                           kept: KeptMembersFile? = nil) throws -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        if let problem = TerminalCheck.problem(environment: environment) {
            return finish(.terminal(problem))
        }
        let inbox = EventInbox()
        let link = try ServerLink(url: url, inbox: inbox)
        defer { link.shutdown() }
        let colour = options.colour && environment["NO_COLOR"].map(\.isEmpty) ?? true
        // Before curses: how this terminal draws 👍🏽 decides how text is measured for the whole run.
        let splitsSkinTones = TerminalProbe.splitsSkinTones()
        // `--pictures auto`: by TERM, else (outside tmux) the terminal's answer to a graphics query.
        var options = options
        let graphics = options.pictures.wantsGraphicsProbe(environment: environment) ? TerminalProbe.graphics() : nil
        options.pictures = options.pictures.resolved(environment: environment, graphics: graphics)
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession.start(colour: colour, wakeDescriptor: inbox.wakeDescriptor)
        } catch let error as TerminalError {
            return finish(.terminal(error.description))
        }
        let (exit, model) = Graphemes.$splitsSkinTones.withValue(splitsSkinTones) {
            loop(terminal: terminal, link: link, inbox: inbox, options: options, kept: kept)
        }
        terminal.stop()
        // The screen is gone: leave the ways in, as the lobby showed them, where the host (or a
        // member over the gateway, which names only its public address) can copy them.
        let creating = if case .create = options.entry { true } else { false }
        if options.restriction != nil || creating, let code = model.room?.code, model.ended == nil {
            let server = options.restriction == nil ? url : options.restriction?.publicServer
            let lines = RoomInvite.commands(server: server, sshJoin: model.sshJoin, room: code)
            if !lines.isEmpty { print("room \(code.rawValue): others join with  " + lines.joined(separator: "  or  ")) }
        }
        return finish(exit)
    }

    /// Prints the exit's line on stderr (if any) and returns its status.
    static func finish(_ exit: ClientExit) -> Int32 {
        if let message = exit.message {
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
        return exit.status
    }

    /// The main loop; returns why it ended and the last model.
    static func loop(terminal: TerminalSession, link: ServerLink, inbox: EventInbox, options: ClientOptions,
                     kept: KeptMembersFile?) -> (ClientExit, AppModel) {
        var options = options
        options.colour = terminal.colours >= 8
        // Under the gateway the server's address here (ws://127.0.0.1) is not the members'.
        options.server = options.restriction.map { $0.publicServer } ?? options.server ?? link.url
        let environment = ProcessInfo.processInfo.environment
        options.pictureColours = PictureColours(terminalColours: terminal.colours)
        var model = AppModel(options: options, size: terminal.size)
        model.wallClock = WallClock(atMonotonicZero: Date().timeIntervalSince1970 * 1000 - monotonicMs(),
                                    utcOffsetSeconds: TimeZone.current.secondsFromGMT())
        var painter = terminal.makePainter()
        let fetcher = options.pictures == .off ? nil : PictureFetcher(server: link.url, inbox: inbox, environment: environment)
        defer { fetcher?.stop() }
        // Kitty and sixel bytes are drawn on the picture thread too (a sixel takes 10–16 ms).
        let drawPixels: (PixelBytesRequest, DecodedPictureRef) -> Void = { fetcher?.drawPixels($0, picture: $1) }
        var pixels: PixelPictures? = switch options.pictures {
        case .kitty: PixelPictures(kind: .kitty, prepare: drawPixels)
        case .sixel: PixelPictures(kind: .sixel, prepare: drawPixels)
        case .auto, .symbols, .off: nil
        }
        defer { pixels?.clear() }
        while true {
            var signal = terminal.takeStopSignal()
            if signal == 0, !terminal.isAttached { signal = SIGHUP }
            if signal != 0 {
                link.disconnect(Goodbye(signal: signal))
                return (.signal(signal), model)
            }
            if terminal.takeSuspendRequest(), options.restriction == nil {   // the gateway: no job control
                terminal.suspend()
                painter.invalidate()
            }
            // Sleep until input, a network event, a signal, or the model's next deadline: an idle
            // client uses no CPU; while something moves, frames come at most every 16 ms.
            let timeout = model.nextWakeup().map { Int32(max(0, min(60_000, ($0 - monotonicMs()).rounded(.up)))) } ?? -1
            inbox.waitForInput(on: STDIN_FILENO, timeoutMs: timeout)
            var events: [AppEvent] = [.tick(now: monotonicMs())]
            events += inbox.drain()
            events += terminal.readEvents(timeoutMs: 0)
            events.append(.tick(now: monotonicMs()))
            while !events.isEmpty {
                let event = events.removeFirst()
                if case .resized = event { painter.invalidate() }
                for effect in update(&model, event) {
                    switch effect {
                    case let .send(message): link.send(message)
                    case .connect: link.connect()
                    case .disconnect: link.disconnect()
                    case let .writeExport(results, room):
                        events.append(.exported(ResultsExporter.write(results, room: room, directory: FileManager.default.currentDirectoryPath)))
                    case let .exit(exit):
                        link.disconnect()
                        return (exit, model)
                    case let .rememberMember(room, token): kept?.remember(room: room, name: options.name, token: token)
                    case let .forgetMember(room): kept?.forget(room: room, name: options.name)
                    }
                }
            }
            if let fetcher, let room = model.room?.code {
                for wanted in model.takeWantedPictures() { fetcher.request(etag: wanted.etag, room: room, card: wanted.card) }
            }
            let size = terminal.size
            if size != model.size { _ = update(&model, .resized(size)); painter.invalidate() }
            let frame = view(model, size: size)
            if let fetcher, let wanted = frame.pictureCellsWanted, let picture = model.pictures.picture(wanted.etag) {
                fetcher.draw(wanted, picture: picture)
            }
            painter.paint(frame)
            pixels?.show(frame, pictures: model.pictures, painter: &painter)
        }
    }
}
