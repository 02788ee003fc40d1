import Foundation
import Testing
@testable import SwipeClient

/// The kept memberships' file (`KeptMembersFile`, the shell over the pure `KeptMembers`).
@Suite struct KeptMembersFileTests {
    /// The file shell: private to the user, and a second file object sees what the first wrote.
    @Test func theFileIsPrivateAndReadsBackWhatWasWritten() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let url = WebSocketURL(scheme: .ws, host: "127.0.0.1", port: 7681)
        let file = try #require(KeptMembersFile.standard(server: url, environment: ["XDG_STATE_HOME": home]))
        #expect(file.path == home + "/swipedeck/members")
        file.remember(room: "K7QM-X4TD-9R", name: "Bo", token: "0d12ef")
        #expect(KeptMembersFile(path: file.path, server: url).token(room: "K7QM-X4TD-9R", name: "Bo") == "0d12ef")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        file.forget(room: "K7QM-X4TD-9R", name: "Bo")
        #expect(file.token(room: "K7QM-X4TD-9R", name: "Bo") == nil)
        #expect(KeptMembersFile.standard(server: url, environment: [:]) == nil)
    }
}
