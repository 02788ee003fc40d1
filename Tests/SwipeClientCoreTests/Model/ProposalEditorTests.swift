import SwipeProtocol
import Testing
@testable import SwipeClientCore

@Suite struct ProposalEditorTests {
    static func keys(_ text: String) -> [Key] {
        text.map { ch in ch == "\r" ? .enter : ch == "\u{1B}" ? .escape : ch == "\u{7F}" ? .backspace : .character(ch) }
    }

    /// (keys typed, what the last key did)
    static let cases: [(String, ProposalEditor.Outcome)] = [
        ("Pho\r\r", .submit(ProposeOption(title: "Pho"))),
        ("Pho\rnoodle soup\r", .submit(ProposeOption(title: "Pho", body: "noodle soup"))),
        ("  Pho  \r  \r", .submit(ProposeOption(title: "Pho"))),
        ("Phx\u{7F}o\r\r", .submit(ProposeOption(title: "Pho"))),
        ("Pho\rx\u{7F}\u{7F}s\r\r", .submit(ProposeOption(title: "Phos"))),   // backspace on an empty body returns to the title
        ("\r", .editing),        // an empty title does not move on
        ("   \r", .editing),
        ("Pho\u{1B}", .cancelled),
        ("Pho\rsoup\u{1B}", .cancelled),
        ("東京ラーメン\r\r", .submit(ProposeOption(title: "東京ラーメン"))),
    ]

    @Test(arguments: cases) func typing(_ typed: String, _ outcome: ProposalEditor.Outcome) {
        var editor = ProposalEditor()
        var last = ProposalEditor.Outcome.editing
        for key in Self.keys(typed) { last = editor.key(key) }
        #expect(last == outcome)
    }

    @Test func fieldsStopAtTheServersLimits() {
        var editor = ProposalEditor()
        for _ in 0..<250 { _ = editor.key(.character("x")) }
        #expect(editor.title.count == ProposalEditor.maxTitle)
        _ = editor.key(.enter)
        for _ in 0..<2100 { _ = editor.key(.character("y")) }
        #expect(editor.body.count == ProposalEditor.maxBody)
    }

    @Test func controlCharactersAndArrowsAreIgnored() {
        var editor = ProposalEditor()
        for key in [Key.character("\u{7}"), .left, .up, .pageDown, .character("A")] { _ = editor.key(key) }
        #expect(editor.title == "A")
    }
}
