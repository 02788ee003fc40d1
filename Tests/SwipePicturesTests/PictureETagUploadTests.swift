import Testing
import SwipePictures

/// An upload's tag is the SHA-256 of its bytes, and looks like nothing else.
@Suite struct PictureETagUploadTests {
    @Test func theTagIsTheBytesSHA256() {
        #expect(PictureETag.upload(of: Array("abc".utf8)) == "u-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(PictureETag.upload(of: []) == "u-e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    static let shapes: [(String, Bool)] = [
        (PictureETag.upload(of: [1]), true),
        (PictureETag.of([1]), false),
        ("u-" + String(repeating: "A", count: 64), false),
        ("u-" + String(repeating: "a", count: 63), false),
        ("u-" + String(repeating: "g", count: 64), false),
        ("x-" + String(repeating: "a", count: 64), false),
    ]

    @Test(arguments: shapes.indices)
    func onlyAnUploadsShapeIsAnUpload(_ index: Int) {
        let (etag, upload) = Self.shapes[index]
        #expect(PictureETag.isUpload(etag) == upload, "\(etag)")
    }
}
