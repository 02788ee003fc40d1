/// A terminal size in cells.
///
/// ```swift
/// let size = TermSize(columns: 80, rows: 24)
/// size.isLargeEnough   // true
/// ```
public struct TermSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    /// Creates a size; negative values become 0.
    ///
    /// ```swift
    /// TermSize(columns: -5, rows: 10).columns   // 0
    /// ```
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// The smallest size the full interface is drawn at.
    public static let minimum = TermSize(columns: 60, rows: 20)

    /// Whether the interface fits; smaller sizes show a "make the window larger" message.
    ///
    /// ```swift
    /// TermSize(columns: 50, rows: 15).isLargeEnough   // false
    /// ```
    public var isLargeEnough: Bool { columns >= Self.minimum.columns && rows >= Self.minimum.rows }

    /// `80×24`.
    ///
    /// ```swift
    /// TermSize(columns: 80, rows: 24).description   // "80×24"
    /// ```
    public var description: String { "\(columns)×\(rows)" }
}
