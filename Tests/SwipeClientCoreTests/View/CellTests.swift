import SwipeCore
import Testing
@testable import SwipeClientCore

/// Cells and styles keep every field they are given, in any combination, and compare by value.
@Suite struct CellTests {
    static let colours: [TermColor?] = [nil, .indexed(0), .indexed(255), .rgb(RGBColor(red: 1, green: 2, blue: 3)),
                                        .rgb(RGBColor(red: 255, green: 255, blue: 255))]

    @Test(arguments: colours, colours)
    func aStyleKeepsItsColours(_ foreground: TermColor?, _ background: TermColor?) {
        let style = CellStyle(foreground: foreground, background: background, bold: true, underline: true)
        #expect(style.foreground == foreground && style.background == background)
        #expect(style.bold && !style.dim && !style.reverse && style.underline)
        #expect(!style.isPlain)
    }

    @Test func changingOneFieldLeavesTheOthers() {
        var style = CellStyle(foreground: .indexed(46), background: .rgb(RGBColor(red: 9, green: 8, blue: 7)))
        style.dim = true
        style.reverse = true
        style.foreground = .rgb(RGBColor(red: 1, green: 1, blue: 1))
        style.background = nil
        style.dim = false
        #expect(style == CellStyle(foreground: .rgb(RGBColor(red: 1, green: 1, blue: 1)), reverse: true))
        #expect(style != CellStyle(foreground: .indexed(1), reverse: true))
        #expect(CellStyle.plain.isPlain && !CellStyle(dim: true).isPlain)
    }

    @Test func aCellKeepsItsStyleApartFromBeingAContinuation() {
        var cell = Cell(grapheme: "字", style: CellStyle(bold: true), isContinuation: true)
        #expect(cell.isContinuation && cell.style == CellStyle(bold: true) && cell.width == 0)
        cell.style = CellStyle(foreground: .indexed(3))
        #expect(cell.isContinuation && cell.style == CellStyle(foreground: .indexed(3)))
        cell.isContinuation = false
        #expect(cell.style == CellStyle(foreground: .indexed(3)) && cell.width == 2)
        #expect(cell != Cell(grapheme: "字", style: CellStyle(foreground: .indexed(3)), isContinuation: true))
        #expect(cell == Cell(grapheme: "字", style: CellStyle(foreground: .indexed(3))))
    }
}
