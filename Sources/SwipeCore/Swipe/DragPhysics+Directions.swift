/// Direction geometry behind `DragPhysics`: normalisation, closest direction, projections.
extension DragPhysics {
    /// The directions the threshold can decide among: all allowed ones for a ratio, only left
    /// and right for the source's absolute rule.
    var candidateDirections: [SwipeDirection] {
        let allowed = configuration.allowedDirections
        switch configuration.threshold {
        case .ratio: return SwipeDirection.allCases.filter { allowed.contains($0) }
        case .absoluteCenterX: return [SwipeDirection.left, .right].filter { allowed.contains($0) }
        }
    }

    func leadingDirection(for translation: Point, in bounds: Rect) -> SwipeDirection? {
        Self.closest(to: Self.normalized(translation, in: bounds.size), among: candidateDirections)
    }

    func flickDirection(velocity: Point, in bounds: Rect) -> SwipeDirection? {
        let threshold = configuration.velocityThreshold
        guard threshold.isFinite else { return nil }
        guard let direction = Self.closest(to: Self.normalized(velocity, in: bounds.size), among: candidateDirections)
        else { return nil }
        let u = direction.unitVector
        let speed = velocity.x * u.x + velocity.y * u.y
        return speed > 0 && speed >= threshold ? direction : nil
    }

    /// 0…1 towards the threshold in `direction` (see `DragState.progressByDirection`).
    func directionalProgress(_ direction: SwipeDirection, translation: Point, in bounds: Rect) -> Double {
        switch configuration.threshold {
        case let .ratio(margin):
            let reach = Self.projection(Self.normalized(translation, in: bounds.size), on: direction)
            guard reach > 0 else { return 0 }
            guard margin > 0 else { return 1 }
            return min(reach / margin, 1)
        case let .absoluteCenterX(right, left):
            let centerX = bounds.center.x
            let x = centerX + translation.x
            switch direction {
            case .right:
                guard translation.x > 0 else { return 0 }
                return right > centerX ? min((x - centerX) / (right - centerX), 1) : 1
            case .left:
                guard translation.x < 0 else { return 0 }
                return left < centerX ? min((centerX - x) / (centerX - left), 1) : 1
            case .up, .down, .upLeft, .upRight, .downLeft, .downRight:
                return 0
            }
        }
    }

    /// The drag with the card's edges at ±1.
    static func normalized(_ p: Point, in size: Size) -> Point {
        let halfWidth = size.width > 0 ? size.width / 2 : 1
        let halfHeight = size.height > 0 ? size.height / 2 : 1
        return Point(x: p.x / halfWidth, y: p.y / halfHeight)
    }

    /// Koloda's direction vectors: components −1, 0 or 1.
    static func kolodaVector(_ direction: SwipeDirection) -> Point {
        let u = direction.unitVector
        func sign(_ v: Double) -> Double { v > 0.1 ? 1 : (v < -0.1 ? -1 : 0) }
        return Point(x: sign(u.x), y: sign(u.y))
    }

    /// How far along `direction`'s Koloda vector the normalised point reaches (1 = the card's edge
    /// or corner).
    static func projection(_ n: Point, on direction: SwipeDirection) -> Double {
        let v = kolodaVector(direction)
        return (n.x * v.x + n.y * v.y) / (v.x * v.x + v.y * v.y)
    }

    /// The direction whose Koloda vector makes the smallest angle (< 90°) with `n`.
    static func closest(to n: Point, among directions: [SwipeDirection]) -> SwipeDirection? {
        let length = n.length
        guard length > 0, length.isFinite else { return nil }
        var best: SwipeDirection?
        var bestCosine = 0.0
        for direction in directions {
            let v = kolodaVector(direction)
            let cosine = (n.x * v.x + n.y * v.y) / (length * v.length)
            if cosine > bestCosine + 1e-12 {
                bestCosine = cosine
                best = direction
            }
        }
        return best
    }

    static func finite(_ p: Point) -> Point {
        Point(x: p.x.isFinite ? p.x : 0, y: p.y.isFinite ? p.y : 0)
    }
}
