import Foundation
import Testing
@testable import SwipeServer

/// What `/healthz` reports: the uptime to the millisecond, without float noise.
@Suite struct ServerStatusTests {
    @Test(arguments: [(0.9607910000000001, 0.961), (12.3455, 12.346), (0, 0), (86_400.0004, 86_400)] as [(Double, Double)])
    func uptimeIsKeptToTheMillisecond(_ measured: Double, _ reported: Double) throws {
        let status = ServerStatus(version: "0.1.0", protocol: 4, uptimeSeconds: measured, rooms: 0, connections: 0)
        #expect(status.uptimeSeconds == reported)
        let json = String(decoding: try JSONEncoder().encode(status), as: UTF8.self)
        #expect(json.contains("\"uptimeSeconds\":\(reported == reported.rounded() ? String(Int(reported)) : String(reported))"), "\(json)")
    }
}
