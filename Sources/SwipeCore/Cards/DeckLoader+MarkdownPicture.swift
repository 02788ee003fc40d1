/// Pictures in a Markdown list: an option may show a picture with Markdown's image syntax.
extension DeckLoader {
    /// The first Markdown image in `text` (`![alt](path)`, an optional `"title"` after the path
    /// ignored) and the text without it (spaces around it closed up), or nil when there is none.
    /// The path is the picture's file, relative to the deck file, as a JSON deck's `picture`.
    ///
    /// ```swift
    /// DeckLoader.markdownImage(in: "Pho ![](pics/pho.jpg) — noodle soup")
    /// // (path: "pics/pho.jpg", rest: "Pho — noodle soup")
    /// DeckLoader.markdownImage(in: "[a link](x.png)")   // nil
    /// ```
    public static func markdownImage(in text: String) -> (path: String, rest: String)? {
        var search = Substring(text)
        while let bang = search.firstIndex(of: "!") {
            let afterBang = search[search.index(after: bang)...]
            guard afterBang.first == "[", let link = bracketLink(afterBang.dropFirst()) else {
                search = afterBang
                continue
            }
            let end = link.end
            var path = link.target.drop(while: { $0 == " " }).prefix(while: { $0 != " " })
            if path.hasPrefix("<"), path.hasSuffix(">"), path.count >= 2 { path = path.dropFirst().dropLast() }
            let before = text[..<bang].reversed().drop(while: { $0 == " " }).reversed()
            let after = text[text.index(after: end)...].drop(while: { $0 == " " })
            let joiner = before.isEmpty || after.isEmpty ? "" : " "
            return (String(path), String(before) + joiner + String(after))
        }
        return nil
    }
}
