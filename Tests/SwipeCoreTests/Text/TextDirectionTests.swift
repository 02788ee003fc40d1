import Testing
@testable import SwipeCore

@Suite struct TextDirectionTests {
    static let cases: [(String, Bool)] = [
        ("مرحبا", true),
        ("שלום", true),
        ("2024: שלום", true),        // digits and punctuation are not strong
        ("«عربي» text", true),
        ("\u{200F}abc", true),       // RLM is strong right-to-left
        ("Dune", false),
        ("Hello مرحبا", false),      // the first strong character decides
        ("東京", false),
        ("123", false),
        ("", false),
        ("🎬 فيلم", true),
    ]

    @Test(arguments: cases)
    func findsTheBaseDirection(_ text: String, _ rightToLeft: Bool) {
        #expect(TextDirection.isRightToLeft(text) == rightToLeft)
    }
}
