import Foundation
import Testing
@testable import SwipeClient

/// `$SSH_USER_AUTH` read as sshd writes it.
@Suite struct SSHUserKeyTests {
    static let line = "publickey ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOi5zs/Caw4NaLGac2V+ktTQiS9p8AG2sv37o4PJL7B1\n"

    @Test func theFingerprintIsOpenSSHs() throws {
        let key = try #require(SSHUserKey(authInfo: Self.line))
        #expect(key.type == "ssh-ed25519")
        // ssh-keygen -lf on the same key: 256 SHA256:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I
        #expect(key.fingerprint == "SHA256:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I")
        #expect(key.directoryName.count == 64 && key.directoryName.allSatisfy { $0.isHexDigit })
    }

    @Test(arguments: ["", "none\n", "password\n", "publickey ssh-ed25519 !!!notbase64\n", "publickey ssh-ed25519\n"])
    func noKeyIsAGuestOrNothing(_ text: String) {
        #expect(SSHUserKey(authInfo: text) == nil)
    }

    /// With several methods (e.g. publickey then keyboard-interactive), the key is found.
    @Test func theKeyAmongOtherMethods() {
        #expect(SSHUserKey(authInfo: "keyboard-interactive\n" + Self.line) != nil)
    }
}
