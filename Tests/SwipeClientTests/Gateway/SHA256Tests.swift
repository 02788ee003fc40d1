import Foundation
import Testing
@testable import SwipeClient

/// The digest behind the gateway's fingerprints: FIPS 180-4's examples, and a key's fingerprint as
/// `ssh-keygen -lf` prints it.
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownDigests(_ text: String, _ expected: String) {
        #expect(Self.hex(SHA256.digest(Array(text.utf8))) == expected)
    }

    /// Lengths around the 55/56/64-byte padding edges agree with a second route (two blocks).
    @Test func aMillionAs() {
        let digest = SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000))
        #expect(Self.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

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
