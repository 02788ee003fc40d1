import Testing
@testable import SwipeClientCore

/// `--name` is refused over 32 characters, counted as grapheme clusters, as the server counts when
/// it cuts (item 10); empty names and control characters are refused too.
@Suite struct MemberNameTests {
    @Test func thirtyTwoCharactersAreAcceptedAndThirtyThreeRefused() {
        #expect(MemberName.maxLength == 32)
        #expect(MemberName.problem(with: String(repeating: "a", count: 32)) == nil)
        #expect(MemberName.problem(with: String(repeating: "a", count: 33))
            == "--name is too long (33 characters; at most 32, as the server allows)")
        #expect(MemberName.problem(with: String(repeating: "b", count: 40))?.hasPrefix("--name is too long (40 characters") == true)
    }

    /// Clusters, not bytes or scalars: 32 families (7 scalars each) or accented letters fit.
    @Test func charactersAreGraphemeClusters() {
        #expect(MemberName.problem(with: String(repeating: "👩‍👩‍👧", count: 32)) == nil)
        #expect(MemberName.problem(with: String(repeating: "e\u{301}", count: 32)) == nil)
        #expect(MemberName.problem(with: String(repeating: "👩‍👩‍👧", count: 33)) != nil)
    }

    @Test(arguments: ["", "   ", "Bo\u{7}", "A\nB"])
    func emptyOrControlNamesAreRefused(_ name: String) {
        #expect(MemberName.problem(with: name) != nil)
    }
}
