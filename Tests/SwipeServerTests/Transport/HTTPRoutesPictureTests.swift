import Testing
import SwipeCore
import SwipeProtocol
import SwipeRooms
@testable import SwipeServer

/// `GET /rooms/CODE/cards/ID/picture`: 200 with type, length, tag and caching; 304 on a matching
/// If-None-Match; 404 for an unknown room (a failed guess), card or picture; 429 past the guesses.
@Suite struct HTTPRoutesPictureTests {
    static let status = ServerStatus(version: "0.1.0", protocol: 4, uptimeSeconds: 2, rooms: 1, connections: 1)

    /// A registry with one movies room (bundled pictures) and one inline room.
    static func registry() throws -> (RoomRegistry, code: RoomCode, inline: RoomCode) {
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 9))
        _ = registry.create(CreateRoom(name: "Ann", deck: "movies"), from: ConnectionID(1), at: 0)
        _ = registry.create(CreateRoom(name: "Bo", cards: [Card(id: "x", title: "X")]), from: ConnectionID(2), at: 0)
        let codes = registry.rooms.keys.sorted { registry.rooms[$0]?.deckName ?? "" > registry.rooms[$1]?.deckName ?? "" }
        return (registry, try #require(codes.first), try #require(codes.last))
    }

    @Test func aPictureIsServedWithItsTagAndCaching() throws {
        let (registry, code, _) = try Self.registry()
        let dune = try #require(registry.room(code)?.cards.first { $0.id == "dune" })
        let etag = try #require(dune.picture?.etag)
        for method in [HTTPMethod.get, .head] {
            let response = HTTPRoutes.respond(to: "/rooms/\(code)/cards/dune/picture", method: method, registry: registry, status: Self.status)
            #expect(response.status == 200)
            #expect(response.contentType == "image/png")
            #expect(response.body == registry.library.picture(etag: etag)?.bytes)
            #expect(response.headers == ["ETag": "\"\(etag)\"", "Cache-Control": HTTPRoutes.pictureCacheControl])
            let head = String(decoding: HTTPResponseHead.head(of: response), as: UTF8.self)
            #expect(head.contains("Content-Length: \(response.body.count)\r\n"))
            #expect(head.contains("Cache-Control: private, max-age=86400\r\n") && !head.contains("no-store"))
        }
    }

    /// (If-None-Match with the real tag put in for `TAG`, status)
    static let conditionals: [(String, UInt32)] = [
        ("\"TAG\"", 304), ("W/\"TAG\"", 304), ("\"other\", \"TAG\"", 304), ("*", 304), ("\"p-0\"", 200),
    ]

    @Test(arguments: conditionals) func ifNoneMatchGivesNotModified(header: String, status: UInt32) throws {
        let (registry, code, _) = try Self.registry()
        let etag = try #require(registry.room(code)?.cards.first?.picture?.etag)
        let response = HTTPRoutes.respond(to: "/rooms/\(code)/cards/dune/picture", registry: registry, status: Self.status,
                                          ifNoneMatch: header.replacingOccurrences(of: "TAG", with: etag))
        #expect(response.status == status)
        #expect(response.headers["ETag"] == "\"\(etag)\"")
        if status == 304 {
            #expect(response.body.isEmpty)
            let head = String(decoding: HTTPResponseHead.head(of: response), as: UTF8.self)
            #expect(head.hasPrefix("HTTP/1.1 304 Not Modified\r\n") && !head.contains("Content-Length"))
        }
    }

    @Test func unknownRoomsAreGuessesAndOtherMissesAreNot() throws {
        let (registry, code, inline) = try Self.registry()
        let cases: [(String, Double?, UInt32, Bool)] = [
            ("/rooms/AAAA-AAAA-AA/cards/dune/picture", nil, 404, true),
            ("/rooms/AAAA-AAAA-AA/cards/dune/picture", 30, 429, false),
            ("/rooms/\(code)/cards/dune/picture", 30, 429, false),   // past the limit, even a real room waits
            ("/rooms/\(code)/cards/nope/picture", nil, 404, false),
            ("/rooms/\(inline)/cards/x/picture", nil, 404, false),
            ("/rooms/\(code)/cards//picture", nil, 404, false),
        ]
        for (path, retryAfter, status, missed) in cases {
            let response = HTTPRoutes.respond(to: path, registry: registry, status: Self.status, retryAfter: retryAfter)
            #expect(response.status == status, "\(path)")
            #expect(response.missedRoom == missed, "\(path)")
        }
        #expect(HTTPRoutes.room(inPath: "/rooms/\(code.rawValue.lowercased())/cards/dune/picture") == code)
    }

    /// A node whose --decks lack the room's deck (the room came from another node): with no
    /// shared store a 404 that says why; on a cluster node what the store answered: the same bytes
    /// and tag (304 on a match), a 404 naming the tag, or a 503 with Retry-After. Never a guess.
    @Test func aNodeWithoutTheDeckFilesAnswersFromTheStore() throws {
        var (registry, code, _) = try Self.registry()
        let etag = try #require(registry.room(code)?.cards.first { $0.id == "dune" }?.picture?.etag)
        let asset = try #require(registry.library.picture(etag: etag))
        registry.library.pictures = [:]
        let cases: [(stored: HTTPRoutes.StoredPicture, ifNoneMatch: String?, status: UInt32, says: String, retryAfter: String?)] = [
            (.noStore, nil, 404, "no copy of card \\\"dune\\\"'s picture \(etag) (it serves its own --decks' pictures only)", nil),
            (.found(asset), nil, 200, "", nil),
            (.found(asset), "\"\(etag)\"", 304, "", nil),
            (.absent, nil, 404, "the store has no picture \(etag) for card \\\"dune\\\" of room \(code)", nil),
            (.unavailable(retryAfter: 1), nil, 503, "cannot reach its store for card \\\"dune\\\"'s picture; retry in 1 s", "1"),
        ]
        for item in cases {
            var asked: [String] = []
            let response = HTTPRoutes.respond(to: "/rooms/\(code)/cards/dune/picture", registry: registry, status: Self.status,
                                              ifNoneMatch: item.ifNoneMatch, stored: { asked.append($0); return item.stored })
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(asked == [etag])
            #expect(response.status == item.status && !response.missedRoom, "\(item.stored): \(response.status) \(text)")
            #expect(item.says.isEmpty || text.contains(item.says), "\(text)")
            #expect(response.headers["Retry-After"] == item.retryAfter)
            if item.status == 200 {
                #expect(response.body == asset.bytes && response.contentType == "image/png")
                #expect(response.headers["ETag"] == "\"\(etag)\"")
            }
        }
    }

    /// The store is consulted only for a tag the library lacks.
    @Test func aLocalPictureNeverAsksTheStore() throws {
        let (registry, code, _) = try Self.registry()
        let response = HTTPRoutes.respond(to: "/rooms/\(code)/cards/dune/picture", registry: registry, status: Self.status,
                                          stored: { _ in Issue.record("asked the store"); return .absent })
        #expect(response.status == 200)
    }
}

import Foundation
