/// An axis-aligned rectangle in layout points: origin at the top-left, y grows downwards.
///
/// ```swift
/// let bounds = Rect(x: 0, y: 0, width: 300, height: 400)
/// bounds.center   // (150, 200)
/// ```
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    ///
    /// ```swift
    /// let r = Rect(origin: .zero, size: .sourceContainer)
    /// ```
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four numbers.
    ///
    /// ```swift
    /// let r = Rect(x: 10, y: 20, width: 280, height: 350)
    /// ```
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin (Koloda's `CGRectZero` for hidden cards).
    ///
    /// ```swift
    /// Rect.zero.isEmpty   // true
    /// ```
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The centre point.
    ///
    /// ```swift
    /// Rect(x: 0, y: 0, width: 300, height: 400).center   // (150, 200)
    /// ```
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// True when width or height is zero or less.
    ///
    /// ```swift
    /// Rect(x: 5, y: 5, width: 0, height: 10).isEmpty   // true
    /// ```
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The same size, moved so that its centre is `center`.
    ///
    /// ```swift
    /// Rect(x: 0, y: 0, width: 10, height: 10).centered(at: Point(x: 50, y: 50))   // origin (45, 45)
    /// ```
    public func centered(at center: Point) -> Rect {
        Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// Whether `point` lies inside (edges included).
    ///
    /// ```swift
    /// Rect(x: 0, y: 0, width: 10, height: 10).contains(Point(x: 5, y: 5))   // true
    /// ```
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// `(x, y, W × H)`.
    public var description: String { "(\(origin.x.rounded2), \(origin.y.rounded2), \(size))" }
}
