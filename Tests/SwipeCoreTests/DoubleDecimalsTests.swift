import Testing
@testable import SwipeCore

/// Rounding to decimals gives the double a literal with those digits gives.
@Suite struct DoubleDecimalsTests {
    @Test(arguments: [(0.1 + 0.2, 4, 0.3), (14.285714285714286, 3, 14.286), (-2.71828, 2, -2.72), (1.0005, 0, 1.0),
                      (123.456789, 6, 123.456789), (2.5, 0, 3.0), (-0.00004, 4, -0.0), (1e300, 3, 1e300)])
    func roundsToTheNearestDecimal(_ value: Double, _ places: Int, _ expected: Double) {
        #expect(value.rounded(toDecimals: places) == expected)
    }

    @Test func nonFiniteValuesStayAsTheyAre() {
        #expect(Double.infinity.rounded(toDecimals: 3) == .infinity)
        #expect(Double.nan.rounded(toDecimals: 3).isNaN)
    }
}
