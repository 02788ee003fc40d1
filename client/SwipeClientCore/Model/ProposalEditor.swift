import SwipeCore
import SwipeProtocol

/// The one-line editor `a` opens in the lobby: a title, then an optional body. Typing adds to the
/// field, Backspace erases, Enter moves from the title to the body and from the body sends; Esc
/// cancels. A value: `key` says what became of it.
///
/// ```swift
/// var editor = ProposalEditor()
/// for c in "Pho" { _ = editor.key(.character(c)) }
/// editor.key(.enter)   // .editing (now on the body)
/// editor.key(.enter)   // .submit(ProposeOption(title: "Pho", body: nil))
/// ```
public struct ProposalEditor: Hashable, Sendable {
    /// Which line is being typed.
    public enum Field: Hashable, Sendable { case title, body }

    /// What a key did.
    public enum Outcome: Hashable, Sendable {
        case editing
        case cancelled
        case submit(ProposeOption)
    }

    public var field: Field = .title
    public var title = ""
    public var body = ""

    /// The most characters each field takes (the server's limits for proposals).
    public static let maxTitle = 200
    public static let maxBody = 2000

    public init() {}

    /// Applies one key.
    ///
    /// ```swift
    /// var editor = ProposalEditor()
    /// editor.key(.escape)   // .cancelled
    /// ```
    public mutating func key(_ key: Key) -> Outcome {
        switch key {
        case .escape:
            return .cancelled
        case .enter:
            switch field {
            case .title:
                guard !title.allSatisfy(\.isWhitespace) else { return .editing }
                field = .body
                return .editing
            case .body:
                let trimmed = TextSanitizer.trimmed(body)
                return .submit(ProposeOption(title: TextSanitizer.trimmed(title), body: trimmed.isEmpty ? nil : trimmed))
            }
        case .backspace:
            switch field {
            case .title: if !title.isEmpty { title.removeLast() }
            case .body:
                if body.isEmpty { field = .title } else { body.removeLast() }
            }
            return .editing
        case let .character(character):
            guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return .editing }
            switch field {
            case .title: if title.count < Self.maxTitle { title.append(character) }
            case .body: if body.count < Self.maxBody { body.append(character) }
            }
            return .editing
        case .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .interrupt:
            return .editing
        }
    }
}
