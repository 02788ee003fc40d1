import Foundation
import Testing
import SwipeCore
@testable import SwipePictures

/// A deck's picture file, read and checked: the good one gives its bytes and format; each bad one
/// says why in the words a deck error uses.
@Suite struct PictureFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// (file, the format its name says, limits, the reason or nil when good)
    static let cases: [(String, PictureFormat?, PictureLimits, String?)] = [
        ("gradient.png", .png, .standard, nil),
        ("gradient.jpg", .jpeg, .standard, nil),
        ("gradient.png", .png, PictureLimits(maxBytes: 100), "396 bytes, the limit is 100"),
        ("huge-header.png", .png, .standard, "30000 × 30000 pixels, the limit is 4096 × 4096"),
        ("png-named.jpg", .jpeg, .standard, "a PNG image named as JPEG (wrong extension)"),
        ("not-an-image.png", .png, .standard, "not a PNG or JPEG image"),
        ("truncated.jpg", .jpeg, .standard, "a damaged JPEG image"),
        ("nope.png", .png, .standard, "no such file (looked for \(fixtures)/nope.png)"),
        (".", nil, .standard, "not a regular file"),
    ]

    @Test(arguments: cases.indices) func readsAndChecks(index: Int) {
        let (file, named, limits, reason) = Self.cases[index]
        do {
            let picture = try PictureFile.read(file, in: Self.fixtures, named: named, limits: limits)
            #expect(reason == nil, "\(file) was accepted")
            #expect(picture.info.format == named && !picture.bytes.isEmpty)
        } catch {
            #expect(reason.map { error.description.hasPrefix($0) } == true, "\(file): \(error.description)")
        }
    }
}
