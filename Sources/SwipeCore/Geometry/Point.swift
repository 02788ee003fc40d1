/// A position or displacement in layout points (the source documents' unit: the container is 300 × 400).
///
/// ```swift
/// let centre = Point(x: 150, y: 200)
/// let moved = centre + Point(x: 40, y: -10)   // (190, 190)
/// ```
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    /// Creates a point.
    ///
    /// ```swift
    /// let p = Point(x: 1, y: 2)
    /// ```
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    ///
    /// ```swift
    /// Point.zero == Point(x: 0, y: 0)   // true
    /// ```
    public static let zero = Point(x: 0, y: 0)

    /// The Euclidean length of the point seen as a vector from the origin.
    ///
    /// ```swift
    /// Point(x: 3, y: 4).length   // 5
    /// ```
    public var length: Double { (x * x + y * y).squareRoot() }

    /// `(x, y)` with two decimals, for logs and test failures.
    public var description: String { "(\(x.rounded2), \(y.rounded2))" }

    /// Component-wise sum.
    ///
    /// ```swift
    /// Point(x: 1, y: 2) + Point(x: 3, y: 4)   // (4, 6)
    /// ```
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    /// Component-wise difference.
    ///
    /// ```swift
    /// Point(x: 3, y: 4) - Point(x: 1, y: 1)   // (2, 3)
    /// ```
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// Scales both components.
    ///
    /// ```swift
    /// Point(x: 1, y: 2) * 3   // (3, 6)
    /// ```
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
}

extension Double {
    /// Rounded to two decimals, for descriptions only.
    var rounded2: Double { (self * 100).rounded() / 100 }
}
