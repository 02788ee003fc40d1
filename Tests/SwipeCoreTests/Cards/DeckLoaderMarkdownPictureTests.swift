import Testing
@testable import SwipeCore

/// A Markdown list's options may show a picture with `![](path)`, on the bullet or below it.
@Suite struct DeckLoaderMarkdownPictureTests {
    @Test(arguments: [
        ("Pho ![](pics/pho.jpg) — noodle soup", "pics/pho.jpg", "Pho — noodle soup"),
        ("![a bowl](pho.png) Pho", "pho.png", "Pho"),
        ("Pho ![](<pics/pho.png>)", "pics/pho.png", "Pho"),
        ("Pho ![x](pho.png \"a title\")", "pho.png", "Pho"),
    ])
    func anImageIsTakenOutOfTheText(_ text: String, _ path: String, _ rest: String) throws {
        let image = try #require(DeckLoader.markdownImage(in: text))
        #expect(image.path == path && image.rest == rest)
    }

    @Test(arguments: ["[a link](x.png)", "Wow! [x]", "Pho", "!(x.png)"])
    func noImageIsNoImage(_ text: String) {
        #expect(DeckLoader.markdownImage(in: text) == nil)
    }

    @Test func optionsGetTheirPicturesAndKeepTheirText() throws {
        let md = """
            # Lunch
            - **Pho** ![](pics/pho.jpg) — noodle soup
              with basil
            - Tacos
              ![](pics/tacos.png)
              al pastor
            - Pizza
            """
        let file = try DeckLoader.parseMarkdownList(Array(md.utf8), fileName: "lunch.md")
        #expect(file.cards.map(\.title) == ["Pho", "Tacos", "Pizza"])
        #expect(file.cards.map(\.picture) == [CardPicture(file: "pics/pho.jpg"), CardPicture(file: "pics/tacos.png"), nil])
        #expect(file.cards[0].body == "noodle soup\nwith basil")
        #expect(file.cards[1].body == "al pastor")
    }

    /// Only an option's first image is its picture; a second, or one below an option that has one,
    /// leaves its alt text as a link leaves its text, and never a stray "!".
    @Test func aSecondImageLeavesNoBang() throws {
        let md = "- Pho ![](a.png) ![bowl](b.png)\n  ![](c.png) hot\n"
        let file = try DeckLoader.parseMarkdownList(Array(md.utf8), fileName: "lunch.md")
        #expect(file.cards.first?.title == "Pho bowl")
        #expect(file.cards.first?.body == "hot")
        #expect(file.cards.first?.picture == CardPicture(file: "a.png"))
        #expect(DeckLoader.plainInline("Wow! [x](y)") == "Wow! x")
    }

    @Test func aBadPicturePathNamesTheLineAndField() {
        let md = "- Pho\n- Tacos ![](../up/tacos.png)\n"
        #expect {
            _ = try DeckLoader.parseMarkdownList(Array(md.utf8), fileName: "lunch.md")
        } throws: { error in
            let text = "\(error)"
            return text.contains("lunch.md") && text.contains("picture") && text.contains("must stay inside")
        }
    }
}
