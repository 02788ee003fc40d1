import Foundation
import SwipeCore
import SwipePictures
import Testing
@testable import SwipeClient
@testable import SwipeClientCore

/// The picture worker against a tiny HTTP server that answers every request with `body`: a good
/// PNG arrives (and lands in the disk cache by its tag), anything undecodable fails, so the card
/// keeps its glyph, and the worker carries on with the next picture.
@Suite(.serialized) struct PictureFetcherTests {
    /// One-request-per-connection HTTP on 127.0.0.1 (a thread accepting; test shell only).
    final class TinyHTTPServer: @unchecked Sendable {
        private let listener: LoopbackListener
        private let bodies: [String: [UInt8]]
        var port: Int { listener.port }

        init(bodies: [String: [UInt8]]) throws {
            self.bodies = bodies
            listener = try LoopbackListener()
            let thread = Thread { [self] in serve() }
            thread.start()
        }

        private func serve() {
            while true {
                let client = accept(listener.descriptor, nil, nil)
                if client < 0 { return }
                var request = [UInt8](repeating: 0, count: 4096)
                let count = read(client, &request, request.count)
                let line = String(decoding: request.prefix(max(0, count)), as: UTF8.self).split(separator: " ")
                let path = line.count > 1 ? String(line[1]) : ""
                let body = bodies.first { path.contains($0.key) }?.value ?? []
                let head = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                let answer = Array(head.utf8) + body
                _ = answer.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                close(client)
            }
        }

        func stop() { listener.close() }
    }

    static let png = Array(FileManager.default.contents(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../SwipePicturesTests/Fixtures/gradient.png").standardized.path) ?? Data())

    @Test func goodPicturesArriveAndBadOnesFailWithoutStoppingTheWorker() throws {
        #expect(!Self.png.isEmpty)
        let server = try TinyHTTPServer(bodies: ["/cards/good/": Self.png, "/cards/html/": Array("<html>oops</html>".utf8),
                                                 "/cards/cut/": Array(Self.png.prefix(60))])
        defer { server.stop() }
        let cache = NSTemporaryDirectory() + "swipe-cache-\(UUID().uuidString)"
        let inbox = EventInbox()
        let url = try WebSocketURL(parsing: "ws://127.0.0.1:\(server.port)/")
        let fetcher = PictureFetcher(server: url, inbox: inbox, environment: ["XDG_CACHE_HOME": cache])
        defer { fetcher.stop() }
        fetcher.request(etag: "p-html", room: "K7QM-X4TD-9R", card: "html")
        fetcher.request(etag: "p-cut", room: "K7QM-X4TD-9R", card: "cut")
        fetcher.request(etag: "p-good", room: "K7QM-X4TD-9R", card: "good")
        var events: [AppEvent] = []
        let deadline = Date().addingTimeInterval(10)
        while events.count < 3, Date() < deadline {
            inbox.waitForInput(on: -1, timeoutMs: 200)
            events += inbox.drain()
        }
        #expect(events.count == 3)
        #expect(events.contains(.pictureFailed(etag: "p-html")))
        #expect(events.contains(.pictureFailed(etag: "p-cut")))
        let arrived = events.compactMap { event -> DecodedPictureRef? in
            if case let .pictureArrived(picture) = event { return picture }
            return nil
        }
        #expect(arrived.map(\.etag) == ["p-good"])
        #expect(arrived.first?.picture.width == 16)
        #expect(FileManager.default.contents(atPath: cache + "/swipedeck/pictures/p-good").map(Array.init) == Self.png)
        #expect(!FileManager.default.fileExists(atPath: cache + "/swipedeck/pictures/p-html"))
        // The model keeps going either way.
        var model = SampleScenes.withPicture(size: TermSize(columns: 80, rows: 24), colours: .palette256, arrived: false)
        for event in events { _ = update(&model, event) }
        #expect(view(model, size: model.size).plainText.contains("Dune"))
    }

    /// A frame's picture cells are drawn on their own thread: while a fetch hangs (a server that
    /// takes the connection and never answers), cells asked for arrive at once.
    @Test func cellsAreDrawnWhileAFetchHangs() throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        let inbox = EventInbox()
        let url = try WebSocketURL(parsing: "ws://127.0.0.1:\(listener.port)/")
        let fetcher = PictureFetcher(server: url, inbox: inbox, environment: ["XDG_CACHE_HOME": NSTemporaryDirectory() + "swipe-cache-\(UUID().uuidString)"])
        defer { fetcher.stop() }
        fetcher.request(etag: "p-hangs", room: "K7QM-X4TD-9R", card: "hangs")
        let request = PictureCellsRequest(etag: "p-cells-\(UUID().uuidString)", columns: 30, rows: 8, colours: .truecolor)
        let picture = DecodedPictureRef(etag: request.etag, picture: SampleScenes.picture)
        fetcher.draw(request, picture: picture)
        fetcher.draw(request, picture: picture)   // asked twice while drawn: drawn once
        var events: [AppEvent] = []
        let drawn = ChafaSymbols.render(picture.picture, columns: 30, rows: 8, colours: .truecolor)
        let deadline = Date().addingTimeInterval(5)
        while !events.contains(.pictureCellsReady(request, drawn)), Date() < deadline {
            inbox.waitForInput(on: -1, timeoutMs: 100)
            events += inbox.drain()
        }
        #expect(events == [.pictureCellsReady(request, drawn)], "the hanging fetch has not ended: only the cells")
        #expect(drawn.columns > 0 && drawn.columns <= 30 && drawn.rows <= 8)
        // Kitty and sixel bytes too.
        let pixels = PixelBytesRequest(etag: request.etag, columns: 30, rows: 8, cellWidth: 10, cellHeight: 20, kind: .sixel)
        fetcher.drawPixels(pixels, picture: picture)
        events = []
        let pixelDeadline = Date().addingTimeInterval(5)
        while !events.contains(.picturePixelsReady(pixels)), Date() < pixelDeadline {
            inbox.waitForInput(on: -1, timeoutMs: 100)
            events += inbox.drain()
        }
        #expect(events == [.picturePixelsReady(pixels)])
        #expect(PixelBytes.kept(pixels)?.starts(with: Array("\u{1B}P".utf8)) == true)
    }
}
