import SwipePictures

/// How much a host may upload with their own deck's pictures (`swipe create --deck FILE`): each
/// picture within `pictures` (the deck pictures' `--max-picture-bytes` and `--max-picture-pixels`),
/// a room's pictures together within `maxRoomBytes` (`--max-room-picture-bytes`), and every
/// upload not yet in a room together within `maxPendingBytes` on the server and
/// `maxPendingBytesPerAddress` from one client address (a stranger's many half-finished uploads
/// can neither take the server's memory nor, from one address, the budget hosts share).
///
/// ```swift
/// let limits = UploadLimits(maxRoomBytes: 4 << 20)
/// limits.pictures.maxBytes   // 2_097_152
/// ```
public struct UploadLimits: Hashable, Sendable {
    /// Each picture: its bytes and its header's dimensions.
    public var pictures: PictureLimits
    /// A room's uploaded pictures together, in bytes (default 8 MiB).
    public var maxRoomBytes: Int
    /// Every connection's uploads before their `create`, together, in bytes (default 64 MiB).
    public var maxPendingBytes: Int
    /// One client address's uploads before their `create`, together (default 16 MiB: two rooms').
    public var maxPendingBytesPerAddress: Int
    /// How long a picture under way may wait for its next part before it is dropped (ms; 30 s).
    public var partTimeout: Double = 30_000

    /// Creates limits; every parameter has the server's default.
    ///
    /// ```swift
    /// UploadLimits().maxRoomBytes   // 8_388_608
    /// ```
    public init(pictures: PictureLimits = .standard, maxRoomBytes: Int = 8 * 1024 * 1024, maxPendingBytes: Int = 64 * 1024 * 1024,
                maxPendingBytesPerAddress: Int = 16 * 1024 * 1024) {
        self.pictures = pictures
        self.maxRoomBytes = maxRoomBytes
        self.maxPendingBytes = maxPendingBytes
        self.maxPendingBytesPerAddress = maxPendingBytesPerAddress
    }
}
