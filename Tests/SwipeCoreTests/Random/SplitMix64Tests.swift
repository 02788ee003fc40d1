import Testing
import SwipeCore

@Suite struct SplitMix64Tests {
    /// The published reference outputs for seed 0 (Vigna's splitmix64.c).
    @Test func matchesTheReferenceSequence() {
        var rng = SplitMix64(seed: 0)
        #expect([rng.next(), rng.next(), rng.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func unitValuesStayInZeroToOne() {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<10_000 {
            let u = rng.nextUnit()
            #expect(u >= 0 && u < 1)
        }
    }
}
