import Foundation
import Testing
import SwipeCore
@testable import SwipePictures

/// The fixtures made by scripts/make-pictures.py.
enum PictureFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func bytes(_ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: folder + "/" + name) ?? Data())
    }
}

@Suite struct PictureReaderTests {
    @Test(arguments: [("gradient.png", PictureFormat.png, 16, 12), ("gradient.jpg", .jpeg, 64, 48)])
    func goodPicturesDecodeToRGBA(name: String, format: PictureFormat, width: Int, height: Int) throws {
        let bytes = PictureFixtures.bytes(name)
        let info = try PictureReader.check(bytes, named: format)
        #expect(info == PictureInfo(format: format, width: width, height: height))
        let picture = try PictureReader.decode(bytes)
        #expect(picture.width == width && picture.height == height)
        #expect(picture.rgba.count == width * height * 4)
        #expect(picture.rgba[3] == 255)
    }

    @Test func pixelsAreWhereThePNGPutThem() throws {
        let picture = try PictureReader.decode(PictureFixtures.bytes("quadrants.png"))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(picture.rgba[(y * picture.width + x) * 4 ..< (y * picture.width + x) * 4 + 3]) }
        #expect(pixel(0, 0) == [230, 30, 30])
        #expect(pixel(31, 0) == [30, 200, 30])
        #expect(pixel(0, 31) == [30, 30, 230])
        #expect(pixel(31, 31) == [240, 220, 40])
    }

    @Test(arguments: [
        ("truncated.jpg", PictureFormat?.some(.jpeg), "a damaged JPEG image"),
        ("huge-header.png", .png, "30000 × 30000 pixels, the limit is 4096 × 4096"),
        ("png-named.jpg", .jpeg, "a PNG image named as JPEG (wrong extension)"),
        ("not-an-image.png", .png, "not a PNG or JPEG image"),
    ])
    func badPicturesAreRefusedWithTheReason(name: String, named: PictureFormat?, reason: String) {
        let bytes = PictureFixtures.bytes(name)
        #expect(!bytes.isEmpty)
        #expect {
            try PictureReader.check(bytes, named: named)
        } throws: { error in
            "\(error)".contains(reason)
        }
        if named == PictureFormat(magic: bytes) {   // bad bytes, not only a wrong name: no pixels either
            #expect(throws: PictureProblem.self) { try PictureReader.decode(bytes) }
        }
    }

    @Test func theByteCapComesFirst() {
        let bytes = PictureFixtures.bytes("gradient.png")
        #expect(throws: PictureProblem.tooManyBytes(bytes.count, limit: 100)) {
            try PictureReader.check(bytes, limits: PictureLimits(maxBytes: 100))
        }
        #expect(throws: PictureProblem.tooManyPixels(width: 16, height: 12, limit: PictureLimits(maxWidth: 8))) {
            try PictureReader.check(bytes, limits: PictureLimits(maxWidth: 8))
        }
    }

    @Test func garbageAfterASignatureNeverCrashes() {
        var seed: UInt64 = 7
        for length in [8, 9, 16, 33, 100, 400] {
            for _ in 0..<20 {
                var bytes: [UInt8] = length % 2 == 0 ? [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] : [0xFF, 0xD8, 0xFF]
                while bytes.count < length {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    bytes.append(UInt8(truncatingIfNeeded: seed >> 33))
                }
                #expect(throws: PictureProblem.self) { try PictureReader.decode(bytes) }
            }
        }
    }

    @Test(arguments: [
        ("\"p-1\"", "p-1", true), ("W/\"p-1\"", "p-1", true), ("\"x\", \"p-1\"", "p-1", true), ("*", "p-1", true),
        ("\"p-2\"", "p-1", false), ("p-1", "p-1", true), ("", "p-1", false),
    ])
    func ifNoneMatchNamesTheTag(header: String, etag: String, matches: Bool) {
        #expect(PictureETag.matches(header, etag: etag) == matches)
    }

    @Test func tagsDependOnEveryByte() {
        let a = PictureETag.of([1, 2, 3]), b = PictureETag.of([1, 2, 4]), c = PictureETag.of([1, 2, 3, 0])
        #expect(a.count == 34 && a.hasPrefix("p-"))
        #expect(Set([a, b, c]).count == 3)
        #expect(PictureETag.of([1, 2, 3]) == a)
    }
}
