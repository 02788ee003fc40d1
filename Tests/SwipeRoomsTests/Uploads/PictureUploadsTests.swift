import Foundation
import SwipeCore
import SwipePictures
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// A connection's uploads before its create: whole pictures checked as deck pictures and tagged by
/// their SHA-256 here, every bad picture and every malformed part refused with its reason.
@Suite struct PictureUploadsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../SwipePicturesTests/Fixtures").standardized

    static func fixture(_ name: String) -> [UInt8] {
        (try? Data(contentsOf: fixtures.appendingPathComponent(name))).map(Array.init) ?? []
    }

    static func chunk(_ file: String, _ bytes: [UInt8], offset: Int = 0, size: Int? = nil) -> PictureChunk {
        PictureChunk(file: file, size: size ?? bytes.count, offset: offset, data: Data(bytes).base64EncodedString())
    }

    @Test func aPictureInPartsIsReceivedWithTheTagOfItsBytes() throws {
        let png = Self.fixture("gradient.png")
        var uploads = PictureUploads(limits: UploadLimits())
        let parts = PictureChunk.chunks(of: png, file: "posters/dune.png", chunkBytes: 150)
        #expect(parts.map(\.offset) == [0, 150, 300])
        #expect(uploads.take(parts[0], at: 0) == .success(.partial(received: 150)))
        #expect(uploads.heldBytes == png.count, "a picture under way holds its declared size")
        #expect(uploads.take(parts[1], at: 0) == .success(.partial(received: 300)))
        let etag = PictureETag.upload(of: png)
        #expect(uploads.take(parts[2], at: 0) == .success(.received(PictureReceived(file: "posters/dune.png", etag: etag, bytes: png.count))))
        #expect(uploads.pictures[etag]?.bytes == png && uploads.pictures[etag]?.format == .png)
        #expect(uploads.receivedBytes == png.count)
        // The same bytes again: the same tag, counted once.
        #expect(uploads.take(Self.chunk("copy.png", png), at: 0) == .success(.received(PictureReceived(file: "copy.png", etag: etag, bytes: png.count))))
        #expect(uploads.pictures.count == 1 && uploads.receivedBytes == png.count)
    }

    /// Every refusal: (what, file, bytes, limits, code, words the message must contain).
    static let refusals: [(String, String, [UInt8], UploadLimits, ErrorCode, String)] = [
        ("not an image", "a.png", fixture("not-an-image.png"), UploadLimits(), .badPicture, "a.png: not a PNG or JPEG image"),
        ("a PNG named .jpg", "a.jpg", fixture("png-named.jpg"), UploadLimits(), .badPicture, "a PNG image named as JPEG (wrong extension)"),
        ("over the pixels", "big.png", fixture("huge-header.png"), UploadLimits(), .badPicture, "30000 × 30000 pixels, the limit is 4096 × 4096"),
        ("damaged", "t.jpg", fixture("truncated.jpg"), UploadLimits(), .badPicture, "a damaged JPEG image"),
        ("over the bytes", "g.jpg", fixture("gradient.jpg"), UploadLimits(pictures: PictureLimits(maxBytes: 500)), .badPicture,
         "927 bytes, the limit is 500 (--max-picture-bytes)"),
        ("over the room's total", "g.jpg", fixture("gradient.jpg"), UploadLimits(maxRoomBytes: 900), .badPicture,
         "the room's pictures would be 927 bytes together, the limit is 900 (--max-room-picture-bytes)"),
        ("no uploads at all", "g.png", fixture("gradient.png"), UploadLimits(maxRoomBytes: 0), .badPicture, "the limit is 0"),
        ("a path out of the deck", "../etc/x.png", fixture("gradient.png"), UploadLimits(), .badPicture, "must stay inside the deck's folder"),
        ("an absolute path", "/etc/x.png", fixture("gradient.png"), UploadLimits(), .badPicture, "not an absolute path"),
        ("another extension", "x.gif", fixture("gradient.png"), UploadLimits(), .badPicture, "expected a .png, .jpg or .jpeg file"),
    ]

    @Test(arguments: refusals.indices)
    func aBadPictureIsRefusedWithItsReason(_ index: Int) {
        let (what, file, bytes, limits, code, words) = Self.refusals[index]
        var uploads = PictureUploads(limits: limits)
        guard case let .failure(error) = uploads.take(Self.chunk(file, bytes), at: 0) else {
            Issue.record("\(what): accepted")
            return
        }
        #expect(error.code == code, "\(what): \(error)")
        #expect(error.message.hasPrefix("picture: \(file): ") && error.message.contains(words), "\(what): \(error.message)")
        #expect(uploads.pictures.isEmpty && uploads.heldBytes == 0, "\(what): something was kept")
    }

    /// Malformed parts: (what, the parts in order, the words of the last one's refusal).
    @Test func malformedPartsAreRefusedAndThePictureStartsAgain() {
        let png = Self.fixture("gradient.png")
        let cases: [(String, [PictureChunk], String)] = [
            ("a first part not at 0", [Self.chunk("a.png", Array(png[100...]), offset: 100, size: png.count)], "\"offset\" must be 0"),
            ("a gap", [Self.chunk("a.png", Array(png[..<100]), size: png.count), Self.chunk("a.png", Array(png[200...]), offset: 200, size: png.count)],
             "at offset 100"),
            ("another file mid-way", [Self.chunk("a.png", Array(png[..<100]), size: png.count), Self.chunk("b.png", Array(png[100...]), offset: 100, size: png.count)],
             "expected the part of \"a.png\""),
            ("longer than its size", [Self.chunk("a.png", png, size: 10)], "longer than the picture's size"),
            ("not base64", [PictureChunk(file: "a.png", size: 10, offset: 0, data: "%%%")], "base64"),
            ("empty data", [PictureChunk(file: "a.png", size: 10, offset: 0, data: "")], "base64, not empty"),
            ("no size", [PictureChunk(file: "a.png", size: 0, offset: 0, data: "AAAA")], "\"size\""),
            ("a negative size", [PictureChunk(file: "a.png", size: -5, offset: 0, data: "AAAA")], "\"size\""),
        ]
        for (what, parts, words) in cases {
            var uploads = PictureUploads(limits: UploadLimits())
            var last: Result<PictureUploads.Outcome, ProtocolError>?
            for part in parts { last = uploads.take(part, at: 0) }
            guard case let .failure(error)? = last else {
                Issue.record("\(what): accepted")
                continue
            }
            #expect(error.code == .badField && error.message.contains(words), "\(what): \(error)")
            #expect(uploads.heldBytes == 0, "\(what): the refused picture is still held")
            // The picture goes again from 0 and is received.
            if case .success(.received) = uploads.take(Self.chunk("a.png", png), at: 0) {} else { Issue.record("\(what): no fresh start") }
        }
    }

    @Test func aRefusalKeepsThePicturesAlreadyReceived() {
        let png = Self.fixture("gradient.png")
        var uploads = PictureUploads(limits: UploadLimits(maxRoomBytes: png.count + 200))
        _ = uploads.take(Self.chunk("a.png", png), at: 0)
        guard case .failure = uploads.take(Self.chunk("b.jpg", Self.fixture("gradient.jpg")), at: 0) else {
            Issue.record("the room's total was not enforced")
            return
        }
        #expect(uploads.pictures.count == 1 && uploads.heldBytes == png.count)
        if case .success(.received) = uploads.take(Self.chunk("c.png", Self.fixture("quadrants.png")), at: 0) {} else { Issue.record("a small one after it was refused") }
    }
}

/// A picture left half-sent is dropped once no part of it came for the timeout (time is an input).
@Suite struct PictureUploadsStallTests {
    @Test func aStalledPictureIsDroppedAndAWholeOneStays() {
        let png = PictureUploadsTests.fixture("gradient.png")
        var uploads = PictureUploads(limits: UploadLimits())
        _ = uploads.take(PictureUploadsTests.chunk("whole.png", png), at: 0)
        _ = uploads.take(PictureUploadsTests.chunk("half.png", Array(png[..<100]), size: png.count), at: 1_000)
        #expect(uploads.isReceivingPicture && uploads.heldBytes == 2 * png.count)
        #expect(uploads.dropStalledPicture(at: 30_999) == nil, "dropped before its time")
        let refusal = uploads.dropStalledPicture(at: 31_000)
        #expect(refusal?.code == .badField && refusal?.message == "picture: half.png: no part of it came for 30 s; send it again from offset 0")
        #expect(!uploads.isReceivingPicture && uploads.heldBytes == png.count && uploads.pictures.count == 1)
        #expect(uploads.dropStalledPicture(at: 90_000) == nil, "nothing under way")
    }
}
