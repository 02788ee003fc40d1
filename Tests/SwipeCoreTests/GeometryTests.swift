import Foundation
import Testing
@testable import SwipeCore

@Suite struct GeometryTests {
    @Test func sourceContainerCentre() {
        #expect(Rect(origin: .zero, size: .sourceContainer).center == Point(x: 150, y: 200))
    }

    @Test func transformsComposeInOrder() {
        let a = CardTransform(translation: Point(x: 10, y: 0), rotation: 0.1, scale: 2, alpha: 0.5)
        let b = CardTransform(translation: Point(x: 5, y: 5), rotation: 0.2, scale: 1.5, alpha: 0.5)
        let c = a.then(b)
        #expect(c.translation == Point(x: 15, y: 5))
        #expect(abs(c.rotation - 0.3) < 1e-12)
        #expect(c.scale == 3)
        #expect(c.alpha == 0.25)
        #expect(CardTransform.identity.then(a) == a)
    }

    @Test(arguments: [("#ff8000", RGBColor(red: 255, green: 128, blue: 0)), ("00ff00", RGBColor(red: 0, green: 255, blue: 0))])
    func parsesHexColours(_ text: String, _ expected: RGBColor) {
        #expect(RGBColor(hex: text) == expected)
    }

    @Test(arguments: ["orange", "#fff", "#gg0000", ""])
    func rejectsBadColours(_ text: String) {
        #expect(RGBColor(hex: text) == nil)
    }
}

@Suite struct CardImageCodingTests {
    @Test(arguments: [
        (#"{}"#, CardImage()),
        (#"{"glyph":"🎬"}"#, CardImage(glyph: "🎬")),
        (##"{"color":"#ff8000","art":["/\\"]}"##, CardImage(art: ["/\\"], color: RGBColor(red: 255, green: 128, blue: 0))),
    ])
    func decodesWithOptionalKeys(_ json: String, _ expected: CardImage) throws {
        #expect(try JSONDecoder().decode(CardImage.self, from: Data(json.utf8)) == expected)
    }
}
