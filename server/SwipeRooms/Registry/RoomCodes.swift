import SwipeProtocol

/// Room codes and resume tokens.
///
/// ```swift
/// var random = SeededRandom(seed: 7)
/// RoomCodes.make(&random)          // e.g. "K7QM-X4TD-9R": 10 letters of 30 → 49 random bits
/// RoomCodes.canonical("k7qmx4td9r") // "K7QM-X4TD-9R"
/// ```
public enum RoomCodes {
    /// Letters per code: 10 × log2(30) ≈ 49 bits.
    public static let length = 10

    /// Draws a fresh code from the look-alike-free alphabet.
    public static func make(_ random: inout some RandomSource) -> RoomCode {
        var letters: [Character] = []
        for _ in 0..<length { letters.append(RoomCode.alphabet[random.index(below: RoomCode.alphabet.count)]) }
        return RoomCode(format(letters))
    }

    /// The code as typed, normalised: upper case, separators ignored, grouped 4-4-2. Nil when it
    /// cannot be a code (wrong length or letters outside the alphabet).
    public static func canonical(_ text: String) -> RoomCode? {
        let letters = Array(text.uppercased().filter { $0 != "-" && $0 != " " })
        guard letters.count == length, letters.allSatisfy(RoomCode.alphabet.contains) else { return nil }
        return RoomCode(format(letters))
    }

    /// A 128-bit resume token as 32 hex digits.
    public static func token(_ random: inout some RandomSource) -> String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(random.next()) + hex(random.next())
    }

    private static func format(_ letters: [Character]) -> String {
        String(letters[0..<4]) + "-" + String(letters[4..<8]) + "-" + String(letters[8...])
    }
}
