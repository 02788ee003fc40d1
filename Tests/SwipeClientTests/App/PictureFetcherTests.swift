import Foundation
import SwipeCore
import SwipePictures
import Testing
@testable import SwipeClient

/// The picture worker against a tiny HTTP server that answers every request with `body`: a good
/// PNG arrives (and lands in the disk cache by its tag), anything undecodable fails, so the card
/// keeps its glyph, and the worker carries on with the next picture.
@Suite(.serialized) struct PictureFetcherTests {
    /// One-request-per-connection HTTP on 127.0.0.1 (a thread accepting; test shell only).
    final class TinyHTTPServer: @unchecked Sendable {
        let port: Int
        private let fd: Int32
        private let bodies: [String: [UInt8]]

        init(bodies: [String: [UInt8]]) throws {
            self.bodies = bodies
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            fd = listener
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
            }
            guard bound, listen(listener, 8) == 0 else { throw CocoaError(.fileNoSuchFile) }
            port = Int(UInt16(bigEndian: address.sin_port))
            let thread = Thread { [self] in serve() }
            thread.start()
        }

        private func serve() {
            while true {
                let client = accept(fd, nil, nil)
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

        func stop() { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }
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
        var model = PictureGoldenFrameTests.model(size: TermSize(columns: 80, rows: 24), colours: .palette256, arrived: false)
        for event in events { _ = update(&model, event) }
        #expect(view(model, size: model.size).plainText.contains("Dune"))
    }
}
