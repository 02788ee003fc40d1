import Foundation
import SwipePictures
import Testing
@testable import SwipeBackend

/// What every store's picture goes through before it is served (`StoredPicture.verified`): the
/// bytes must carry the tag they were kept under and be a picture, whoever kept them.
@Suite struct StoredPictureTests {
    static func fixture(_ name: String) -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../SwipePicturesTests/Fixtures/\(name)")
        return (try? Data(contentsOf: url.standardized)).map(Array.init) ?? []
    }

    static let png = fixture("gradient.png")
    static let jpeg = fixture("gradient.jpg")

    @Test(arguments: [("png", png), ("jpeg", jpeg)])
    func aPictureKeptUnderItsOwnTagIsServed(kind: String, bytes: [UInt8]) throws {
        try #require(!bytes.isEmpty, "the \(kind) fixture is there")
        for etag in [PictureETag.of(bytes), PictureETag.upload(of: bytes)] {
            guard case let .success(asset) = StoredPicture.verified(bytes, etag: etag) else {
                Issue.record("\(kind) under \(etag) was refused")
                continue
            }
            #expect(asset.etag == etag && asset.bytes == bytes && asset.width > 0 && asset.height > 0)
        }
    }

    /// (what the store holds, the tag it was asked for, words the refusal must have)
    static let refusals: [(String, [UInt8], String, String)] = [
        ("another picture's bytes", jpeg, PictureETag.of(png), "another tag"),
        ("an upload's bytes under a deck tag", png, PictureETag.of(jpeg), "another tag"),
        ("bytes that are no picture", Array("<html>oops</html>".utf8), PictureETag.of(Array("<html>oops</html>".utf8)), "cannot be read"),
        ("a picture cut short", Array(png.prefix(60)), PictureETag.of(Array(png.prefix(60))), "cannot be read"),
    ]

    @Test(arguments: refusals)
    func whatIsNotTheTaggedPictureIsNotServed(what: String, bytes: [UInt8], etag: String, says: String) {
        guard case let .failure(failure) = StoredPicture.verified(bytes, etag: etag) else {
            Issue.record("\(what) was served")
            return
        }
        #expect(failure.reason.contains(says), "\(what): \(failure.reason)")
    }
}
