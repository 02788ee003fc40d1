/// Rounding to a fixed number of decimals, as the wire wants it.
extension Double {
    /// The double nearest to this value rounded to `places` decimals (0…6): `(self × 10^places)`
    /// rounded, then divided once, so the result is exactly the double a decimal literal with those
    /// digits would give (not an accumulated product like `3 × 0.1`). Non-finite values and values
    /// too large to scale are returned unchanged.
    ///
    /// ```swift
    /// (0.1 + 0.2).rounded(toDecimals: 4)   // 0.3
    /// 14.285714285714286.rounded(toDecimals: 3)   // 14.286
    /// ```
    public func rounded(toDecimals places: Int) -> Double {
        let scale = Self.powersOfTen[Swift.max(0, Swift.min(places, Self.powersOfTen.count - 1))]
        let scaled = self * scale
        guard scaled.isFinite, abs(scaled) < 9.0e15 else { return self }
        return scaled.rounded() / scale
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]
}
