/// The Markdown list format: every bullet is an option.
extension DeckLoader {
    /// Parses a Markdown list (see ``DeckLoader``): each top-level bullet (`-`, `*`, `+`, `1.`,
    /// `1)`, task boxes `[ ]` dropped) is an option written as in a text list; lines indented
    /// below a bullet add to its body; the first `# Heading` before any bullet is the deck's
    /// title; other paragraphs, rules and fenced code are ignored. `**bold**`, `` `code` `` and
    /// `[links](…)` are shown as plain text. An image, `![](pics/pho.jpg)`, in a bullet or the
    /// lines below it is the option's picture (the first one; relative to the deck file).
    ///
    /// ```swift
    /// let md = "# Lunch\n\n- **Pho** — noodle soup\n  with basil\n- Tacos\n"
    /// let file = try DeckLoader.parseMarkdownList(Array(md.utf8), fileName: "lunch.md")
    /// file.title                // "Lunch"
    /// file.cards[0].body        // "noodle soup\nwith basil"
    /// ```
    public static func parseMarkdownList(_ bytes: [UInt8], fileName: String, limits: DeckLimits = .standard) throws(DeckLoadError) -> DeckFile {
        let text = try decodeText(bytes, fileName: fileName, format: .markdown)
        var drafts: [CardDraft] = []
        var open: CardDraft?
        var title: String?
        var inFence = false
        func close() {
            if let item = open { drafts.append(item) }
            open = nil
        }
        for (offset, rawLine) in listLines(text).enumerated() {
            let indent = rawLine.prefix(while: { $0 == " " || $0 == "\t" }).reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            let content = Substring(trimmed(String(rawLine)))
            if content.hasPrefix("```") || content.hasPrefix("~~~") { inFence.toggle(); continue }
            if inFence || content.isEmpty { continue }
            if indent >= 2, var item = open {
                var line = String(content)
                if item.picture == nil, let image = markdownImage(in: line) {
                    item.picture = image.path
                    line = image.rest
                }
                if !line.isEmpty {
                    let more = plainInline(bulletText(Substring(line)).map { "• " + $0 } ?? line)
                    item.body = item.body.map { $0 + "\n" + more } ?? more
                }
                open = item
            } else if let bullet = bulletText(content) {
                close()
                let image = markdownImage(in: String(bullet))
                let (itemTitle, body) = splitOption(Substring(plainInline(image?.rest ?? String(bullet))))
                open = CardDraft(line: offset + 1, record: drafts.count + 1, title: itemTitle, body: body)
                open?.picture = image?.path
            } else {
                close()
                if content.hasPrefix("# "), title == nil, drafts.isEmpty {
                    let heading = trimmed(TextSanitizer.clean(plainInline(String(content.dropFirst(2)))))
                    if heading.count > limits.maxNameLength {
                        throw DeckLoadError(file: fileName, line: offset + 1, field: "title",
                                            message: "too long: \(heading.count) characters, the limit is \(limits.maxNameLength)", format: .markdown)
                    }
                    title = heading.isEmpty ? nil : heading
                }
            }
        }
        close()
        guard !drafts.isEmpty else {
            throw DeckLoadError(file: fileName, message: "no options; list them as bullets, e.g. \"- Pho — Vietnamese noodle soup\"", format: .markdown)
        }
        let cards = try listCards(drafts, fileName: fileName, format: .markdown, limits: limits)
        return DeckFile(name: deckName(forFileName: fileName), title: title, cards: cards)
    }

    /// The text of a Markdown bullet item (`- x`, `* x`, `+ x`, `1. x`, `1) x`, with a task box
    /// `[ ]`/`[x]` dropped), or nil when `line` is not one (a rule like `---` or `* * *` is not).
    ///
    /// ```swift
    /// DeckLoader.bulletText("- [x] Pho")   // "Pho"
    /// DeckLoader.bulletText("12) Tacos")   // "Tacos"
    /// DeckLoader.bulletText("---")         // nil
    /// ```
    public static func bulletText(_ line: Substring) -> Substring? {
        if line.allSatisfy({ $0 == "-" || $0 == "*" || $0 == "_" || $0 == " " }) { return nil }
        var rest: Substring
        if let first = line.first, first == "-" || first == "*" || first == "+" {
            rest = line.dropFirst()
        } else {
            let digits = line.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty, digits.count <= 9 else { return nil }
            rest = line.dropFirst(digits.count)
            guard rest.first == "." || rest.first == ")" else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.drop(while: { $0 == " " || $0 == "\t" })
        for box in ["[ ] ", "[x] ", "[X] "] where rest.hasPrefix(box) { rest = rest.dropFirst(box.count) }
        return rest.isEmpty ? nil : rest
    }

    /// Markdown's inline marks removed: `**`, `__` and backticks dropped, `[text](url)` as `text`,
    /// and one `*` or `_` around the whole text dropped.
    ///
    /// ```swift
    /// DeckLoader.plainInline("**Pho** at [Saigon](https://x)")   // "Pho at Saigon"
    /// ```
    public static func plainInline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            let afterOpen = rest[rest.index(after: open)...]
            if let link = bracketLink(afterOpen) {
                if out.hasSuffix("!") { out.removeLast() }   // an image: its alt text, as a link's text
                out += link.label
                rest = afterOpen[afterOpen.index(after: link.end)...]
            } else {
                out += "["
                rest = afterOpen
            }
        }
        out += rest
        out = out.replacing("**", with: "").replacing("__", with: "").replacing("`", with: "")
        for mark in ["*", "_"] where out.count > 2 && out.hasPrefix(mark) && out.hasSuffix(mark) {
            out = String(out.dropFirst().dropLast())
        }
        return out
    }
}

extension DeckLoader {
    /// A Markdown link or image after its `[`: `label](target)`, with the index of its `)`; nil when
    /// the text there is not one.
    static func bracketLink(_ afterOpen: Substring) -> (label: Substring, target: Substring, end: Substring.Index)? {
        guard let close = afterOpen.firstIndex(of: "]"), afterOpen[close...].dropFirst().first == "(",
              let end = afterOpen[close...].firstIndex(of: ")") else { return nil }
        return (afterOpen[..<close], afterOpen[afterOpen.index(close, offsetBy: 2)..<end], end)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
