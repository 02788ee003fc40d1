/// A width and height in layout points.
///
/// ```swift
/// let container = Size(width: 300, height: 400)   // the source documents' container
/// ```
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    /// Creates a size.
    ///
    /// ```swift
    /// let s = Size(width: 300, height: 400)
    /// ```
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `0 × 0`.
    ///
    /// ```swift
    /// Size.zero.width   // 0
    /// ```
    public static let zero = Size(width: 0, height: 0)

    /// The container of the source documents: 300 × 400 points.
    ///
    /// ```swift
    /// Size.sourceContainer   // 300 × 400
    /// ```
    public static let sourceContainer = Size(width: 300, height: 400)

    /// `W × H` with two decimals.
    public var description: String { "\(width.rounded2) × \(height.rounded2)" }
}
