import Foundation
import SwipeCore

/// A card placed in layout space: its resting frame and its transform (about the frame centre).
/// Answers "is this layout point on the card?" in card-local points (0…width, 0…height).
struct CardShape {
    let frame: Rect
    let transform: CardTransform
    /// Seed 000's corner radius.
    static let cornerRadius = 15.0
    private let cosine: Double
    private let sine: Double
    private let inverseScale: Double

    init(frame: Rect, transform: CardTransform) {
        self.frame = frame
        self.transform = transform
        cosine = cos(transform.rotation)
        sine = sin(transform.rotation)
        inverseScale = 1 / max(0.01, transform.scale)
    }

    private var center: Point { frame.center + transform.translation }

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

    /// `contains` for every layout point (xs[i], ys[j]) of a grid, packed as bits after `offset`
    /// leading zero bits: row j takes `(offset + xs.count + 63) / 64` words, and point i is bit
    /// `(offset + i) % 64` of word `j × words + (offset + i) / 64`. The products of `local` are
    /// computed once per column and per row and the corner test's constants once per grid (the
    /// same arithmetic, so the same answers as calling `contains` per point).
    func containsGrid(xs: [Double], ys: [Double], offset: Int = 0) -> [UInt64] {
        let words = (offset + xs.count + 63) >> 6
        let c = center
        let w = frame.width, h = frame.height
        let halfWidth = w / 2, halfHeight = h / 2
        let r = min(Self.cornerRadius, w / 2, h / 2)
        let right = w - r, bottom = h - r, rr = r * r
        let inverseScale = inverseScale
        let xCos = xs.map { ($0 - c.x) * cosine }, xSin = xs.map { -($0 - c.x) * sine }
        let ySin = ys.map { ($0 - c.y) * sine }, yCos = ys.map { ($0 - c.y) * cosine }
        var bits = [UInt64](repeating: 0, count: words * ys.count)
        var row = [UInt8](repeating: 0, count: words * 64)
        bits.withUnsafeMutableBufferPointer { out in
            row.withUnsafeMutableBufferPointer { row in
                xCos.withUnsafeBufferPointer { xCos in
                    xSin.withUnsafeBufferPointer { xSin in
                        for j in ys.indices {
                            let ys = ySin[j], yc = yCos[j]
                            // One byte per point first (a loop without branches the compiler can vectorise)...
                            for i in 0..<xCos.count {
                                let x = (xCos[i] + ys) * inverseScale + halfWidth, y = (xSin[i] + yc) * inverseScale + halfHeight
                                // containsLocal: inside the box, then clamped to the inner rectangle and the corner circle.
                                let dx = x - min(max(x, r), right), dy = y - min(max(y, r), bottom)
                                row[offset + i] = (x >= 0).bit & (y >= 0).bit & (x <= w).bit & (y <= h).bit
                                    & (dx * dx + dy * dy <= rr).bit
                            }
                            // ...then packed 64 to a word.
                            for k in 0..<words {
                                var word: UInt64 = 0
                                for b in 0..<64 { word |= UInt64(row[k << 6 + b]) << UInt64(b) }
                                out[j * words + k] = word
                            }
                        }
                    }
                }
            }
        }
        return bits
    }

    /// Whether the card is drawn upright at its natural size (crisp box-drawing borders).
    var isAtRest: Bool { abs(transform.rotation) < 0.004 && abs(transform.scale - 1) < 0.01 }

    /// The four corners in layout space.
    var corners: [Point] {
        [Point(x: 0, y: 0), Point(x: frame.width, y: 0), Point(x: 0, y: frame.height), Point(x: frame.width, y: frame.height)]
            .map(layout)
    }
}

fileprivate extension Bool {
    /// 1 for true, 0 for false.
    @inline(__always) var bit: UInt8 { self ? 1 : 0 }
}
