extension CardShape {
    /// `contains` for every layout point (xs[i], ys[j]) of a grid, packed as bits after `offset`
    /// leading zero bits: row j takes `(offset + xs.count + 63) / 64` words, and point i is bit
    /// `(offset + i) % 64` of word `j × words + (offset + i) / 64`. `xs` must not decrease.
    ///
    /// The same arithmetic as `contains` (so the same answers), done cheaply: the products of
    /// `local` once per column and per row, and per row only the points near the card's edge are
    /// tested. Along a row the card-local x and y are monotone in i (every step is a rounded
    /// monotone operation), so the points inside the card's box, and the points inside its inner
    /// rectangle (inset by the corner radius, certainly on the card), are each one run of i,
    /// found by bisection; the inner run is set whole, the rest of the box tested point by point.
    ///
    /// ```swift
    /// let shape = CardShape(frame: Rect(x: 0, y: 0, width: 100, height: 50), transform: CardTransform(rotation: 0.1))
    /// let bits = shape.containsGrid(xs: [-10, 50, 200], ys: [25])   // [0b010]
    /// ```
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
        let n = xs.count
        bits.withUnsafeMutableBufferPointer { out in
            for j in ys.indices {
                let ys = ySin[j], yc = yCos[j], base = j * words
                // Exactly the expressions of `local` and `containsLocal`.
                func x(_ i: Int) -> Double { (xCos[i] + ys) * inverseScale + halfWidth }
                func y(_ i: Int) -> Double { (xSin[i] + yc) * inverseScale + halfHeight }
                func test(_ i: Int) {
                    let x = x(i), y = y(i)
                    guard x >= 0, y >= 0, x <= w, y <= h else { return }
                    let cx = x < r ? r : (x > right ? right : x)
                    let cy = y < r ? r : (y > bottom ? bottom : y)
                    let dx = x - cx, dy = y - cy
                    if dx * dx + dy * dy <= rr { out[base + (offset + i) >> 6] |= 1 << UInt64((offset + i) & 63) }
                }
                let box = Self.run(n, x, 0, w).clamped(to: Self.run(n, y, 0, h))
                let inner = Self.run(n, x, r, right).clamped(to: Self.run(n, y, r, bottom)).clamped(to: box)
                guard !inner.isEmpty else {
                    for i in box { test(i) }
                    continue
                }
                for i in box.lowerBound..<inner.lowerBound { test(i) }
                Self.setBits(offset + inner.lowerBound..<offset + inner.upperBound, in: out, at: base)
                for i in inner.upperBound..<box.upperBound { test(i) }
            }
        }
        return bits
    }

    /// The indices i in 0..<n with low ≤ f(i) ≤ high, for f monotone in i (either way). Empty when
    /// f is NaN at an end (the caller then has nothing it can take as certain).
    static func run(_ n: Int, _ f: (Int) -> Double, _ low: Double, _ high: Double) -> Range<Int> {
        guard n > 0 else { return 0..<0 }
        let first = f(0), last = f(n - 1)
        guard !first.isNaN, !last.isNaN else { return 0..<0 }
        let start: Int, end: Int
        if first <= last {
            start = firstIndex(n) { f($0) >= low }
            end = firstIndex(n) { f($0) > high }
        } else {
            start = firstIndex(n) { f($0) <= high }
            end = firstIndex(n) { f($0) < low }
        }
        return start..<max(start, end)
    }

    /// The first i in 0..<n where `holds` is true (n when none), for `holds` false then true.
    private static func firstIndex(_ n: Int, where holds: (Int) -> Bool) -> Int {
        var low = 0, high = n
        while low < high {
            let middle = (low + high) / 2
            if holds(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Sets bits `range` of the row of words starting at `base`.
    private static func setBits(_ range: Range<Int>, in words: UnsafeMutableBufferPointer<UInt64>, at base: Int) {
        var bit = range.lowerBound
        while bit < range.upperBound {
            let inWord = bit & 63, count = min(64 - inWord, range.upperBound - bit)
            let mask: UInt64 = count == 64 ? ~0 : (1 << UInt64(count) - 1) << UInt64(inWord)
            words[base + bit >> 6] |= mask
            bit += count
        }
    }
}
