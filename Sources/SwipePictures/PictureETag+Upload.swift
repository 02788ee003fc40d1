/// The tags of pictures a host uploads with their own deck (`swipe create --deck FILE`): `u-` and
/// the 64 hex digits of the bytes' SHA-256, computed by the server from the bytes it received,
/// never taken from a client. A deck picture's FNV tag (`p-…`) is a cache name anyone could
/// collide; an upload's tag is a digest nobody can, and its own prefix keeps the two apart (an
/// upload is stored with its room, never under a deck picture's key).
///
/// ```swift
/// PictureETag.upload(of: Array("abc".utf8))
/// // "u-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// PictureETag.isUpload("u-ba78…")   // true
/// ```
extension PictureETag {
    /// The prefix of every uploaded picture's tag.
    ///
    /// ```swift
    /// PictureETag.upload(of: []).hasPrefix(PictureETag.uploadPrefix)   // true
    /// ```
    public static let uploadPrefix = "u-"

    /// The tag of uploaded `bytes`.
    ///
    /// ```swift
    /// PictureETag.upload(of: bytes).count   // 66
    /// ```
    public static func upload(of bytes: [UInt8]) -> String {
        uploadPrefix + SHA256.hexDigest(bytes)
    }

    /// The tag `bytes` have in the kind `etag` is: an upload's SHA-256, else a deck picture's.
    ///
    /// ```swift
    /// PictureETag.tag(of: bytes, like: "u-…") == PictureETag.upload(of: bytes)   // true
    /// ```
    public static func tag(of bytes: [UInt8], like etag: String) -> String {
        isUpload(etag) ? upload(of: bytes) : of(bytes)
    }

    /// Whether `etag` has the shape of an uploaded picture's tag (`u-` and 64 lowercase hex digits).
    ///
    /// ```swift
    /// PictureETag.isUpload("p-0123")   // false
    /// ```
    public static func isUpload(_ etag: String) -> Bool {
        let utf8 = etag.utf8
        guard etag.hasPrefix(uploadPrefix), utf8.count == uploadPrefix.utf8.count + 64 else { return false }
        return utf8.dropFirst(uploadPrefix.utf8.count).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
