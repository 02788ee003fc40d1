import Foundation
import Testing
@testable import SwipeCore

@Suite struct CardAnimationSpecCodingTests {
    @Test func specsAndBehaviorsSurviveJSON() throws {
        let specs = [
            StandardAnimations.flyOff(from: CardTransform(translation: Point(x: 260, y: 4), rotation: 0.4), direction: .right),
            StandardAnimations.appear(),
            StandardAnimations.reflow(
                fromFrame: Rect(x: 10, y: 10, width: 280, height: 400), toFrame: Rect(x: 0, y: 0, width: 300, height: 400),
                curve: .cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1.4)),
        ]
        let data = try JSONEncoder().encode(specs)
        #expect(try JSONDecoder().decode([CardAnimationSpec].self, from: data) == specs)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"kind\":\"flyOff\""))
        for behavior in [StackBehavior.source, .koloda, .kolodaBackground, StackBehavior()] {
            let encoded = try JSONEncoder().encode(behavior)
            #expect(try JSONDecoder().decode(StackBehavior.self, from: encoded) == behavior)
        }
    }
}
