// Shell: fetches and decodes card pictures on one worker thread and draws their cells and kitty/sixel
// bytes (chafa) on another, never on the main thread, so input, frames and the WebSocket never wait
// for a picture. `request`, `draw` and `drawPixels` run on the main thread; the workers read and
// write only the disk cache folder and the kept pixel bytes, and post results to the EventInbox.
import Foundation
import SwipeClientCore
import SwipeCore
import SwipeHTTPClient
import SwipePictures
import SwipeProtocol

/// Fetches pictures by HTTP (`GET /rooms/CODE/cards/ID/picture` on the server's port), keeps their
/// bytes on disk by ETag (`$XDG_CACHE_HOME/swipedeck/pictures`, or `~/.cache/…`, at most
/// ``maxCachedFiles`` files and ``maxCachedBytes`` bytes, oldest dropped first), decodes them and posts `.pictureArrived` or,
/// for anything that fails (no answer, not an image, damaged), `.pictureFailed`. It also draws a
/// picture's cells at the size a frame wanted (``draw(_:picture:)``) and a resting picture's kitty or
/// sixel bytes (``drawPixels(_:picture:)``) on a second thread, so a slow fetch never holds them
/// up, and posts `.pictureCellsReady` / `.picturePixelsReady`.
///
/// ```swift
/// let fetcher = PictureFetcher(server: url, inbox: inbox)
/// // carrying out update's effects:
/// case let .fetchPicture(etag, room, card): fetcher.request(etag: etag, room: room, card: card)
/// case let .drawPictureCells(request, picture): fetcher.draw(request, picture: picture)
/// ```
final class PictureFetcher: @unchecked Sendable {
    static let maxCachedFiles = 200
    /// The disk cache's bytes at most (16 MiB: an SSH gateway keeps one cache per key).
    static let maxCachedBytes = 16 << 20
    /// Largest picture the client decodes (more is refused: the card keeps its glyph).
    static let limits = PictureLimits(maxBytes: 4 * 1024 * 1024, maxWidth: 4096, maxHeight: 4096)

    private let base: String
    private let inbox: EventInbox
    private let folder: String?
    private let condition = NSCondition()
    private var queue: [(etag: String, path: String)] = []
    /// What the drawing thread makes: a frame's picture cells, or a resting picture's pixel bytes.
    enum Drawing: Hashable {
        case cells(PictureCellsRequest)
        case pixels(PixelBytesRequest)
    }

    /// Drawings to make, first come first drawn; and those asked for and not yet posted.
    private var drawings: [(Drawing, DecodedPictureRef)] = []
    private var drawingsAsked: Set<Drawing> = []
    private var stopped = false

    init(server: WebSocketURL, inbox: EventInbox, environment: [String: String] = ProcessInfo.processInfo.environment) {
        base = server.httpBase
        self.inbox = inbox
        folder = Self.cacheFolder(environment: environment)
        let thread = Thread { [weak self] in self?.work() }
        thread.name = "swipe-pictures"
        thread.start()
        let drawer = Thread { [weak self] in self?.drawWork() }
        drawer.name = "swipe-picture-cells"
        drawer.start()
    }

    /// The disk cache folder (nil when there is no home to put it in); made 0700 when the first
    /// picture is kept, so a room without pictures leaves nothing behind.
    static func cacheFolder(environment: [String: String]) -> String? {
        let root = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.cache" }
        return root.map { $0 + "/swipedeck/pictures" }
    }

    /// Asks for a card's picture (main thread); the answer comes through the inbox.
    func request(etag: String, room: RoomCode, card: CardID) {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
        let id = card.rawValue.addingPercentEncoding(withAllowedCharacters: allowed) ?? card.rawValue
        condition.lock()
        queue.append((etag, "/rooms/\(room.rawValue)/cards/\(id)/picture"))
        condition.broadcast()
        condition.unlock()
    }

    /// Asks for a picture's cells at a frame's size (main thread); `.pictureCellsReady` brings them.
    /// Asking again while they are being drawn does nothing.
    func draw(_ request: PictureCellsRequest, picture: DecodedPictureRef) { ask(.cells(request), picture: picture) }

    /// Asks for a resting picture's kitty or sixel bytes (main thread); `.picturePixelsReady` says
    /// when they are kept (``PixelBytes/kept(_:)``).
    func drawPixels(_ request: PixelBytesRequest, picture: DecodedPictureRef) { ask(.pixels(request), picture: picture) }

    private func ask(_ drawing: Drawing, picture: DecodedPictureRef) {
        condition.lock()
        if drawingsAsked.insert(drawing).inserted {
            drawings.append((drawing, picture))
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Ends the worker after the picture in hand.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let job = queue.removeFirst()
            condition.unlock()
            if let picture = load(etag: job.etag, path: job.path) {
                inbox.post(.pictureArrived(DecodedPictureRef(etag: job.etag, picture: picture)))
            } else {
                inbox.post(.pictureFailed(etag: job.etag))
            }
        }
    }

    /// The drawing thread: cells and pixel bytes as frames ask for them, never behind a slow fetch.
    private func drawWork() {
        // chafa's first canvas builds its tables and threads (about 15 ms here): pay it here, not in a frame.
        _ = ChafaSymbols.render(DecodedPicture(width: 2, height: 2, rgba: [UInt8](repeating: 128, count: 16)), columns: 2, rows: 1, colours: .truecolor)
        while true {
            condition.lock()
            while drawings.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let (drawing, picture) = drawings.removeFirst()
            condition.unlock()
            switch drawing {
            case let .cells(request):
                let cells = ChafaSymbols.render(picture.picture, columns: request.columns, rows: request.rows, colours: request.colours)
                inbox.post(.pictureCellsReady(request, cells))
            case let .pixels(request):
                PixelBytes.prepare(request, picture: picture.picture)
                inbox.post(.picturePixelsReady(request))
            }
            condition.lock()
            drawingsAsked.remove(drawing)
            condition.unlock()
        }
    }

    /// The picture from the disk cache or the server, decoded; nil when anything fails.
    private func load(etag: String, path: String) -> DecodedPicture? {
        let safe = etag.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } && !etag.isEmpty && etag.count <= 64
        let file = safe ? folder.map { $0 + "/" + etag } : nil
        if let file, let data = FileManager.default.contents(atPath: file),
           let picture = try? PictureReader.decode(Array(data), limits: Self.limits) {
            return picture
        }
        guard let url = URL(string: base + path), let (status, body) = try? HTTPGet.fetch(url, timeout: 10), status == 200 else { return nil }
        guard let picture = try? PictureReader.decode(Array(body), limits: Self.limits) else { return nil }
        if let file, let folder {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try? body.write(to: URL(fileURLWithPath: file), options: .atomic)
            Self.trim(folder)
        }
        return picture
    }

    /// Drops the oldest files past ``maxCachedFiles`` or ``maxCachedBytes`` (OldestFirstTrim).
    static func trim(_ folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let entries = names.map { name -> OldestFirstTrim.Entry in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            let date = (attributes?[.modificationDate] as? Date) ?? .distantPast
            return OldestFirstTrim.Entry(name: name, lastUsed: date.timeIntervalSince1970, bytes: (attributes?[.size] as? Int) ?? 0)
        }
        let trim = OldestFirstTrim(maxAge: nil, maxCount: maxCachedFiles, maxBytes: maxCachedBytes)
        for name in trim.victims(entries, now: Date().timeIntervalSince1970) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
