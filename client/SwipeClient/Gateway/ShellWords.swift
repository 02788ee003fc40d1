/// Splits a command line into words as a POSIX shell would for plain words and quotes (`'…'`,
/// `"…"`, `\`), with nothing expanded: how the SSH gateway reads `$SSH_ORIGINAL_COMMAND`, which
/// ssh sends as one string.
///
/// ```swift
/// ShellWords.split("join K7QM --name 'Ann B'")   // .success(["join", "K7QM", "--name", "Ann B"])
/// ShellWords.split("create --name \"Bo")         // .failure(…unclosed quote…)
/// ```
public enum ShellWords {
    /// The words of `line`; an unclosed quote is a failure.
    public static func split(_ line: String) -> Result<[String], GatewayRequestError> {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case (nil, "\\"), ("\"", "\\"):
                escaped = true
                inWord = true
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case let (open?, close) where open == close:
                quote = nil
            case (nil, let blank) where blank == " " || blank == "\t" || blank == "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return .failure(GatewayRequestError("the command line has an unclosed quote or a trailing \\")) }
        if inWord { words.append(word) }
        return .success(words)
    }
}
