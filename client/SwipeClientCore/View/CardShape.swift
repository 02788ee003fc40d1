import Foundation
import SwipeCore

/// A card placed in layout space: its resting frame and its transform (about the frame centre).
/// Answers "is this layout point on the card?" in card-local points (0…width, 0…height).
struct CardShape {
    let frame: Rect
    let transform: CardTransform
    /// Seed 000's corner radius.
    static let cornerRadius = 15.0
    let cosine: Double
    let sine: Double
    let inverseScale: Double

    init(frame: Rect, transform: CardTransform) {
        self.frame = frame
        self.transform = transform
        cosine = cos(transform.rotation)
        sine = sin(transform.rotation)
        inverseScale = 1 / max(0.01, transform.scale)
    }

    var center: Point { frame.center + transform.translation }

    /// Layout point → card-local point.
    func local(_ p: Point) -> Point {
        let d = p - center
        // Rotate by −rotation: cos(−a) = cos a, sin(−a) = −sin a.
        let x = (d.x * cosine + d.y * sine) * inverseScale
        let y = (-d.x * sine + d.y * cosine) * inverseScale
        return Point(x: x + frame.width / 2, y: y + frame.height / 2)
    }

    /// Card-local point → layout point.
    func layout(_ q: Point) -> Point {
        let d = Point(x: (q.x - frame.width / 2) * transform.scale, y: (q.y - frame.height / 2) * transform.scale)
        return center + Point(x: d.x * cosine - d.y * sine, y: d.x * sine + d.y * cosine)
    }

    /// Whether a card-local point lies on the card (rounded corners included).
    func containsLocal(_ q: Point) -> Bool {
        let w = frame.width, h = frame.height
        guard q.x >= 0, q.y >= 0, q.x <= w, q.y <= h else { return false }
        let r = min(Self.cornerRadius, w / 2, h / 2)
        let cx = q.x < r ? r : (q.x > w - r ? w - r : q.x)
        let cy = q.y < r ? r : (q.y > h - r ? h - r : q.y)
        let dx = q.x - cx, dy = q.y - cy
        return dx * dx + dy * dy <= r * r
    }

    func contains(_ p: Point) -> Bool { containsLocal(local(p)) }

    /// Whether the card is drawn upright at its natural size (crisp box-drawing borders).
    var isAtRest: Bool { abs(transform.rotation) < 0.004 && abs(transform.scale - 1) < 0.01 }

    /// The four corners in layout space.
    var corners: [Point] {
        [Point(x: 0, y: 0), Point(x: frame.width, y: 0), Point(x: 0, y: frame.height), Point(x: frame.width, y: frame.height)]
            .map(layout)
    }
}
