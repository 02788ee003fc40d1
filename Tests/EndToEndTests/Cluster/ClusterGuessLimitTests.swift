import Foundation
import Testing

/// One stranger guessing room codes over HTTP on a cluster node: each guess costs the store one read
/// until the address is past its failed guesses; then it gets 429 and the store is not asked.
@Suite(.serialized) struct ClusterGuessLimitTests {
    /// `INFO commandstats` calls of `command` on the cluster's Redis.
    static func calls(_ command: String, _ cluster: LocalCluster) -> Int? {
        let info = Process()
        info.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
        info.arguments = ["-p", "\(cluster.redisPort)", "INFO", "commandstats"]
        let pipe = Pipe()
        info.standardOutput = pipe
        guard (try? info.run()) != nil else { return nil }
        info.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("cmdstat_\(command):") }) else { return 0 }
        return line.split(separator: "=").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
    }

    @Test func guessesPastTheLimitGet429WithoutAReadOfTheStore() throws {
        let cluster = try LocalCluster(nodes: 1, proxy: false, extraNodeArguments: ["--failed-joins-per-minute", "3"])
        defer { cluster.stop() }
        let port = cluster.nodes[0].port
        let statuses = try (0..<5).map { index in
            try ServerRawSocket.get(port: port, path: "/rooms/AAAA-AAAA-A\(["B", "C", "D", "E", "F"][index])/results.json").status
        }
        #expect(statuses == [404, 404, 404, 429, 429])
        #expect(Self.calls("xrange", cluster) == 3, "only the three guesses before the limit read the store")
    }
}
