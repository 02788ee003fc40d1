// Shell: `swipe-bench render`. Main thread only: drives the client's pure update/view functions
// with synthetic input and times `view(model, size)`, `FrameDiff.runs`, and painting the runs
// through the client's curses painter into a curses screen on /dev/null, per frame.
import ArgumentParser
import Foundation
import Histogram
import SwipeClient
import SwipeCore
import SwipePictures
import SwipeProtocol

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time the terminal client's view(model, size), frame diff and curses painting while a card is dragged.")

    @Option(help: "Frames per scenario and size.") var frames = 2000
    @Option(help: "Terminal sizes as COLSxROWS, comma-separated.") var sizes = "80x24,120x40,200x60"
    @Option(help: "Scenarios, comma-separated (local-drag, remote-drags, still).") var scenarios = "local-drag,remote-drags,still"
    @Flag(help: "Print one JSON object instead of text.") var json = false
    @Flag(help: "Also print a digest of every frame drawn (to check two builds draw the same frames).") var checksum = false
    @Flag(help: "Cards with a 48x32 picture, drawn as chafa symbols (the picture has arrived) in the screen's colours.") var pictures = false
    @Option(help: "The terminfo entry of the curses screen painted on: xterm-256color, or xterm-direct to paint 24-bit colours as a truecolour terminal gets them.")
    var terminal = "xterm-256color"

    func validate() throws {
        if frames < 1 { throw ValidationError("--frames must be at least 1") }
        _ = try Self.parseSizes(sizes)
        _ = try Self.parseScenarios(scenarios)
    }

    static func parseScenarios(_ text: String) throws -> [RenderScenario] {
        try text.split(separator: ",").map { part in
            guard let scenario = RenderScenario(rawValue: String(part)) else {
                let known = RenderScenario.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown scenario \"\(part)\" in --scenarios (known: \(known))")
            }
            return scenario
        }
    }

    static func parseSizes(_ text: String) throws -> [TermSize] {
        try text.split(separator: ",").map { part in
            let pieces = part.split(separator: "x")
            guard pieces.count == 2, let columns = Int(pieces[0]), let rows = Int(pieces[1]), columns > 0, rows > 0 else {
                throw ValidationError("bad size \"\(part)\" in --sizes (expected COLSxROWS, e.g. 120x40)")
            }
            return TermSize(columns: columns, rows: rows)
        }
    }

    func run() throws {
        var results: [RenderResult] = []
        for size in try Self.parseSizes(sizes) {
            for scenario in try Self.parseScenarios(scenarios) {
                results.append(RenderBench.measure(scenario, size: size, frames: frames, checksum: checksum, pictures: pictures,
                                                   terminal: terminal))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(["render": results]), as: UTF8.self))
        } else {
            for r in results {
                let label = (r.scenario + (r.pictures ? "+pic" : "")).padding(toLength: 17, withPad: " ", startingAt: 0)
                let size = "\(r.columns)x\(r.rows)".padding(toLength: 8, withPad: " ", startingAt: 0)
                let digest = r.frames_checksum.map { "   frames " + $0 } ?? ""
                let paint = r.paint_us.map { String(format: "paint p50 %6.1f µs", $0.p50) } ?? "paint n/a        "
                print(label + size + String(format: "view p50 %7.1f µs  p99 %7.1f µs   diff p50 %6.1f µs   ",
                                            r.view_us.p50, r.view_us.p99, r.diff_us.p50)
                      + paint + String(format: "   changed cells/frame %5.0f   %5.0f frames/s", r.changed_cells_per_frame, r.frames_per_s)
                      + (r.first_view_us.map { String(format: "   first view %7.1f µs", $0) } ?? "")
                      + (r.cells_draw_us.map { String(format: "   cells drawn (thread) %7.1f µs", $0) } ?? "")
                      + (r.picture_frame_us.map { String(format: "   picture frame %7.1f µs", $0) } ?? "")
                      + (r.terminal == "xterm-256color" ? "" : "   on " + r.terminal) + digest)
            }
        }
    }
}

enum RenderScenario: String, CaseIterable {
    case localDrag = "local-drag"
    case remoteDrags = "remote-drags"
    case still
}

struct MicrosecondSummary: Codable {
    var p50: Double
    var p99: Double
    var max: Double
}

struct RenderResult: Codable {
    var scenario: String
    var columns: Int
    var rows: Int
    var frames: Int
    var view_us: MicrosecondSummary
    var diff_us: MicrosecondSummary
    /// Drawing the runs with the curses painter and refreshing (nil when no curses screen could be made).
    var paint_us: MicrosecondSummary?
    var changed_cells_per_frame: Double
    var frames_per_s: Double
    var frames_checksum: String?
    /// Cards carried a picture (drawn as symbols).
    var pictures = false
    /// The first frame's view: with pictures, the card's glyph (the frame names the cells it wants).
    var first_view_us: Double?
    /// Drawing the wanted picture cells with chafa, as the client's picture thread does (not in a frame).
    var cells_draw_us: Double?
    /// The frame that first shows the picture: view, diff and painting every picture cell.
    var picture_frame_us: Double?
    /// The terminfo entry painted on.
    var terminal = "xterm-256color"
}

enum RenderBench {
    /// A 48 × 32 gradient with a disc, like the bundled drawings.
    static let picture: DecodedPicture = {
        var rgba: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<48 {
                let inside = (x - 30) * (x - 30) + (y - 12) * (y - 12) < 64
                rgba += inside ? [250, 210, 60, 255] : [UInt8(40 + 5 * y), UInt8(80 + 2 * x), UInt8(200 - 4 * y), 255]
            }
        }
        return DecodedPicture(width: 48, height: 32, rgba: rgba)
    }()

    static func model(size: TermSize, pictures: Bool = false, pictureColours: PictureColours = .truecolor) -> AppModel {
        var options = ClientOptions(name: "bench", entry: .create(CreateRoom(name: "bench")))
        if pictures {
            options.pictures = .symbols
            options.pictureColours = pictureColours
        }
        var model = AppModel(options: options, size: size)
        let cards = (0..<20).map { Card(id: CardID("c\($0)"), title: "Card number \($0)", body: "A card body that wraps over a few lines of the card face.", tags: ["tag\($0 % 3)"],
                                        picture: pictures ? CardPicture(file: "c\($0).png", etag: "p-bench-\($0)") : nil) }
        let members = (1...8).map { MemberInfo(id: MemberID("m\($0)"), name: "member \($0)", role: $0 == 1 ? .host : .member, online: true) }
        let snapshot = RoomSnapshot(code: "ABCDE", deckName: "bench", rule: .majority, pacing: .lockstep, phase: .voting,
                                    members: members, totalCards: cards.count, remaining: cards.count, visible: Array(cards.prefix(3)))
        _ = update(&model, .connected)
        _ = update(&model, .server(.welcome(Welcome(you: "m1", token: "t", serverTime: 0, room: snapshot))))
        if pictures {
            for card in cards { _ = update(&model, .pictureArrived(DecodedPictureRef(etag: card.picture?.etag ?? "", picture: picture))) }
        }
        return model
    }

    static func measure(_ scenario: RenderScenario, size: TermSize, frames: Int, checksum: Bool = false, pictures: Bool = false,
                        terminal: String = "xterm-256color") -> RenderResult {
        var firstView: Double?, cellsDraw: Double?, pictureFrame: Double?
        var drewCells = false
        var viewTimes = Histogram<UInt64>(highestTrackableValue: 10_000_000, numberOfSignificantValueDigits: .three)
        var diffTimes = Histogram<UInt64>(highestTrackableValue: 10_000_000, numberOfSignificantValueDigits: .three)
        var paintTimes = Histogram<UInt64>(highestTrackableValue: 10_000_000, numberOfSignificantValueDigits: .three)
        let screen = OffscreenCursesScreen(size: size, terminal: terminal)
        defer { screen?.close() }
        // Picture colours as the client picks them for this screen (24-bit only on direct colour).
        var model = model(size: size, pictures: pictures, pictureColours: PictureColours(terminalColours: screen?.colourCount ?? 256))
        var changed = 0
        var previous: Frame?
        var digest = FrameChecksum()
        let centre = (row: size.rows / 2, column: size.columns / 2)
        if scenario == .localDrag { _ = update(&model, .mousePressed(row: centre.row, column: centre.column)) }
        let started = DispatchTime.now().uptimeNanoseconds
        for i in 0..<frames {
            let now = Double(i) * 1000 / 60
            let sweep = Int((sin(Double(i) / 20) * Double(size.columns) / 4).rounded())
            switch scenario {
            case .localDrag:
                _ = update(&model, .mouseDragged(row: centre.row, column: centre.column + sweep))
            case .remoteDrags:
                _ = update(&model, .server(.cardState(CardState(member: "m2", card: "c0", phase: .changed, x: Double(sweep) * 8,
                                                                y: 0, rotation: 0, progress: 0, direction: nil, serverTime: now))))
            case .still:
                break
            }
            _ = update(&model, .tick(now: now))
            let t0 = DispatchTime.now().uptimeNanoseconds
            let frame = view(model, size: size)
            let t1 = DispatchTime.now().uptimeNanoseconds
            let runs = FrameDiff.runs(from: previous, to: frame)
            let t2 = DispatchTime.now().uptimeNanoseconds
            screen?.paint(runs, making: frame)
            let t3 = DispatchTime.now().uptimeNanoseconds
            if i == 0 { firstView = Double(t1 - t0) / 1000 }
            if drewCells { pictureFrame = pictureFrame ?? Double(t3 - t0) / 1000 }
            drewCells = false
            // The client's picture thread: the cells this frame wanted, drawn between frames.
            if let wanted = frame.pictureCellsWanted, let decoded = model.pictures.picture(wanted.etag) {
                let c0 = DispatchTime.now().uptimeNanoseconds
                let cells = ChafaSymbols.render(decoded.picture, columns: wanted.columns, rows: wanted.rows, colours: wanted.colours)
                cellsDraw = cellsDraw ?? Double(DispatchTime.now().uptimeNanoseconds - c0) / 1000
                _ = update(&model, .pictureCellsReady(wanted, cells))
                drewCells = true
            }
            _ = viewTimes.record(max(1, (t1 - t0) / 1000))
            _ = diffTimes.record(max(1, (t2 - t1) / 1000))
            _ = paintTimes.record(max(1, (t3 - t2) / 1000))
            if i > 0 { changed += runs.reduce(0) { $0 + $1.cells.count } }
            previous = frame
            if checksum { digest.add(frame) }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        func summary(_ h: Histogram<UInt64>) -> MicrosecondSummary {
            MicrosecondSummary(p50: Double(h.valueAtPercentile(50)), p99: Double(h.valueAtPercentile(99)), max: Double(h.max))
        }
        return RenderResult(scenario: scenario.rawValue, columns: size.columns, rows: size.rows, frames: frames,
                            view_us: summary(viewTimes), diff_us: summary(diffTimes), paint_us: screen.map { _ in summary(paintTimes) },
                            changed_cells_per_frame: frames > 1 ? Double(changed) / Double(frames - 1) : 0,
                            frames_per_s: (Double(frames) / seconds).rounded(), frames_checksum: checksum ? digest.hex : nil,
                            pictures: pictures, first_view_us: pictures ? firstView : nil, cells_draw_us: cellsDraw,
                            picture_frame_us: pictureFrame, terminal: terminal)
    }
}
