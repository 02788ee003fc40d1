import SwipePictures

/// A decoded picture shared by reference (pixels are not copied with the model), equal by its tag.
///
/// ```swift
/// let ref = DecodedPictureRef(etag: "p-1", picture: DecodedPicture(width: 1, height: 1, rgba: [255, 0, 0, 255]))
/// ```
public final class DecodedPictureRef: Hashable, Sendable {
    public let etag: String
    public let picture: DecodedPicture

    public init(etag: String, picture: DecodedPicture) {
        self.etag = etag
        self.picture = picture
    }

    public static func == (a: DecodedPictureRef, b: DecodedPictureRef) -> Bool { a.etag == b.etag }
    public func hash(into hasher: inout Hasher) { hasher.combine(etag) }
}
