import Testing
@testable import SwipeClient
@testable import SwipeClientCore

@Suite struct InputDecoderTests {
    @Test(arguments: [
        (Unicode.Scalar("l"), [AppEvent.key(.character("l"))]),
        (Unicode.Scalar(3), [AppEvent.key(.interrupt)]),
        (Unicode.Scalar(127), [AppEvent.key(.backspace)]),
        (Unicode.Scalar(8), [AppEvent.key(.backspace)]),
        (Unicode.Scalar(13), [AppEvent.key(.enter)]),
        (Unicode.Scalar(27), [AppEvent.key(.escape)]),
        (Unicode.Scalar(7), []),
    ] as [(Unicode.Scalar, [AppEvent])])
    func charactersBecomeKeys(_ scalar: Unicode.Scalar, _ expected: [AppEvent]) {
        #expect(InputDecoder().character(scalar) == expected)
    }

    @Test func arrowsAndResize() {
        let size = TermSize(columns: 100, rows: 30)
        #expect(InputDecoder().functionKey(.left, size: size) == [.key(.left)])
        #expect(InputDecoder().functionKey(.resize, size: size) == [.resized(size)])
        #expect(InputDecoder().functionKey(.other, size: size).isEmpty)
    }

    @Test func motionIsADragOnlyWhileTheButtonIsHeld() {
        var decoder = InputDecoder()
        #expect(decoder.mouse(pressed: false, released: false, motion: true, row: 1, column: 1).isEmpty)
        #expect(decoder.mouse(pressed: true, released: false, motion: false, row: 2, column: 3) == [.mousePressed(row: 2, column: 3)])
        #expect(decoder.mouse(pressed: false, released: false, motion: true, row: 2, column: 7) == [.mouseDragged(row: 2, column: 7)])
        #expect(decoder.mouse(pressed: false, released: true, motion: false, row: 2, column: 9) == [.mouseReleased(row: 2, column: 9)])
        #expect(decoder.mouse(pressed: false, released: true, motion: false, row: 2, column: 9).isEmpty)
        #expect(!decoder.buttonHeld)
    }

    @Test func aClickReportedAtOnceIsPressAndRelease() {
        var decoder = InputDecoder()
        #expect(decoder.mouse(pressed: true, released: true, motion: false, row: 4, column: 4)
                == [.mousePressed(row: 4, column: 4), .mouseReleased(row: 4, column: 4)])
    }
}
