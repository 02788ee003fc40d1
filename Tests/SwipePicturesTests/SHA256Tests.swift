import Foundation
import Testing
import SwipePictures

/// The digest behind the gateway's fingerprints and uploaded pictures' tags: FIPS 180-4's examples, and a key's fingerprint as
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
        #expect(SHA256.hexDigest(Array(text.utf8)) == expected)
    }

    /// Lengths around the 55/56/64-byte padding edges agree with a second route (two blocks).
    @Test func aMillionAs() {
        let digest = SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000))
        #expect(Self.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
