import Testing
@testable import swipe_bench

@Suite struct ServerMetersTests {
    @Test(arguments: [
        ([1024], 1024), ([1024, 2048, 4096], 7168), ([1024, nil], nil), ([], nil),
    ] as [([Int?], Int?)])
    func totalsAreSumsOfEveryProcessOrNothing(values: [Int?], total: Int?) {
        #expect(ServerMeters.total(values) == total)
    }

    @Test func pidsAreCountedOnce() {
        #expect(ServerMeters(pids: [5, 3, 5, 3, 9]).pids == [5, 3, 9])
    }

    @Test(arguments: [
        (1.0, 1.5, 2.0, 25.0), (0, 3, 2, 150), (10, 10, 5, 0), (0, 1, 3, 33.3),
    ] as [(Double, Double, Double, Double)])
    func cpuPercentIsOfOneCoreOverTheWindow(start: Double, end: Double, seconds: Double, percent: Double) {
        #expect(ServerMeters.percent(from: start, to: end, over: seconds) == percent)
    }

    @Test func noCPUPercentWithoutBothReadingsOrAWindow() {
        #expect(ServerMeters.percent(from: nil, to: 1, over: 1) == nil)
        #expect(ServerMeters.percent(from: 1, to: nil, over: 1) == nil)
        #expect(ServerMeters.percent(from: 0, to: 1, over: 0) == nil)
    }

    @Test func usageIsPerProcessAndTotalsAreSums() {
        let meters = ServerMeters(pids: [7, 8])
        let start = ServerMeters.Reading(residentBytes: [1000, 2000], cpuSeconds: [1, 2])
        let end = ServerMeters.Reading(residentBytes: [4096, nil], cpuSeconds: [3, 3])
        #expect(meters.usage(from: start, to: end, seconds: 4) == [
            ServerUsage(pid: 7, rss_bytes: 4096, cpu_percent: 50),
            ServerUsage(pid: 8, rss_bytes: nil, cpu_percent: 25),
        ])
        #expect(end.totalResidentBytes == nil)   // pid 8's RSS could not be read
        #expect(start.totalResidentBytes == 3000)
        #expect(end.totalCPUSeconds == 6)
    }

    @Test func noPidsMeasureNothing() {
        let meters = ServerMeters(pids: [])
        let reading = meters.read()
        #expect(reading.totalResidentBytes == nil)
        #expect(reading.totalCPUSeconds == nil)
        #expect(meters.usage(from: reading, to: reading, seconds: 1) == [])
    }
}
