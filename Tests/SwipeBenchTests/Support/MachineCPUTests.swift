import Testing
@testable import swipe_bench

@Suite struct MachineCPUTests {
    @Test(arguments: [
        ("cpu  100 0 50 800 0 0 10 40 0 0", MachineCPU(total: 1000, idle: 800, steal: 40)),
        ("cpu 1197269 109 141822 789889 5416 0 15683 61240 0 0", MachineCPU(total: 2_211_428, idle: 795_305, steal: 61_240)),
        ("cpu  1 2 3 4 5 6 7 8", MachineCPU(total: 36, idle: 9, steal: 8)),
    ] as [(String, MachineCPU)])
    func parsesTheFirstLine(line: String, expected: MachineCPU) {
        #expect(MachineCPU.parse(line) == expected)
    }

    @Test(arguments: ["cpu0 1 2 3 4 5 6 7 8", "cpu  1 2 3", "cpu  1 2 3 4 5 6 7 x", "intr 1 2 3 4 5 6 7 8", ""])
    func refusesOtherLines(line: String) {
        #expect(MachineCPU.parse(line) == nil)
    }

    @Test func sharesAreOfTheWindowBetweenTwoSamples() throws {
        let start = try #require(MachineCPU.parse("cpu  100 0 50 800 0 0 10 40 0 0"))
        let end = try #require(MachineCPU.parse("cpu  200 0 90 900 0 0 20 90 0 0"))
        #expect(MachineCPU.share(of: \.steal, from: start, to: end) == 16.7)   // 50 of 300 ticks
        #expect(MachineCPU.share(of: \.idle, from: start, to: end) == 33.3)   // 100 of 300
        #expect(MachineCPU.share(of: \.steal, from: end, to: start) == nil)
    }
}
