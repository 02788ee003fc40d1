/// How large a card's picture may be: its file, and the dimensions its header announces.
/// The server's defaults are 2 MB and 4096 × 4096 (`--max-picture-bytes`, `--max-picture-pixels`).
///
/// ```swift
/// let limits = PictureLimits(maxBytes: 512 * 1024)
/// limits.maxWidth   // 4096
/// ```
public struct PictureLimits: Hashable, Sendable {
    /// Largest file, in bytes (default 2 MiB).
    public var maxBytes: Int
    /// Widest picture, in pixels (default 4096).
    public var maxWidth: Int
    /// Tallest picture, in pixels (default 4096).
    public var maxHeight: Int

    /// Creates limits; every parameter defaults to the ``standard`` value.
    ///
    /// ```swift
    /// let small = PictureLimits(maxWidth: 640, maxHeight: 480)
    /// ```
    public init(maxBytes: Int = 2 * 1024 * 1024, maxWidth: Int = 4096, maxHeight: Int = 4096) {
        self.maxBytes = maxBytes
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }

    /// The defaults.
    ///
    /// ```swift
    /// PictureLimits.standard.maxBytes   // 2_097_152
    /// ```
    public static let standard = PictureLimits()
}
