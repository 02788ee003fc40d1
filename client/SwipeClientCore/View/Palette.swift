import SwipeCore

/// The styles the view uses, in 256 colours or, without colour (NO_COLOR, monochrome
/// terminals), attributes only.
///
/// ```swift
/// Palette(colour: false).like.foreground   // nil
/// ```
public struct Palette: Hashable, Sendable {
    public var colour: Bool

    /// Creates a palette.
    ///
    /// ```swift
    /// let palette = Palette(colour: true)
    /// ```
    public init(colour: Bool) { self.colour = colour }

    private func c(_ index: UInt8) -> TermColor? { colour ? .indexed(index) : nil }

    var header: CellStyle { CellStyle(foreground: c(231), background: c(24), bold: true, reverse: !colour) }
    var footer: CellStyle { CellStyle(foreground: c(250), background: c(236), reverse: !colour) }
    var footerKey: CellStyle { CellStyle(foreground: c(222), background: c(236), bold: true, reverse: !colour) }
    var cardBorder: CellStyle { CellStyle(foreground: c(252), background: c(237)) }
    var cardFill: CellStyle { CellStyle(foreground: c(252), background: c(237)) }
    var backCardBorder: CellStyle { CellStyle(foreground: c(244), background: c(235), dim: true) }
    var backCardFill: CellStyle { CellStyle(foreground: c(244), background: c(235), dim: true) }
    /// Koloda's background card (alpha 0.1 in the seed): one step darker than a card behind.
    var recededCard: CellStyle { CellStyle(foreground: c(240), background: c(234), dim: true) }
    var shadow: CellStyle { CellStyle(foreground: c(236), dim: true) }
    var title: CellStyle { CellStyle(foreground: c(231), background: c(237), bold: true) }
    var body: CellStyle { CellStyle(foreground: c(250), background: c(237)) }
    var tags: CellStyle { CellStyle(foreground: c(117), background: c(237)) }
    func image(_ color: RGBColor?) -> CellStyle {
        CellStyle(foreground: c(231), background: colour ? (color.map(TermColor.rgb) ?? .indexed(239)) : nil)
    }
    var like: CellStyle { CellStyle(foreground: c(46), background: c(237), bold: true) }
    var nope: CellStyle { CellStyle(foreground: c(203), background: c(237), bold: true) }
    var superLike: CellStyle { CellStyle(foreground: c(45), background: c(237), bold: true) }
    var ghost: CellStyle { CellStyle(foreground: c(141), dim: true) }
    /// A ghost's outline where it crosses Koloda's background card: on that card's background.
    var ghostOnReceded: CellStyle { CellStyle(foreground: c(141), background: c(234), dim: true) }
    /// Another member's name and lean on their ghost: readable, not dim.
    var ghostLabel: CellStyle { CellStyle(foreground: c(183), bold: true) }
    var label: CellStyle { CellStyle(foreground: c(245)) }
    var value: CellStyle { CellStyle(foreground: c(231), bold: true) }
    var online: CellStyle { CellStyle(foreground: c(78)) }
    var offline: CellStyle { CellStyle(foreground: c(240), dim: true) }
    var warning: CellStyle { CellStyle(foreground: c(214), bold: true) }
    var error: CellStyle { CellStyle(foreground: c(203), bold: true) }
    var banner: CellStyle { CellStyle(foreground: c(231), background: c(161), bold: true, reverse: !colour) }
    var panel: CellStyle { CellStyle(foreground: c(252), background: c(234)) }
    var panelTitle: CellStyle { CellStyle(foreground: c(222), background: c(234), bold: true) }
    var bar: CellStyle { CellStyle(foreground: c(78)) }
    var matchedBar: CellStyle { CellStyle(foreground: c(205), bold: true) }

    func vote(_ vote: Vote) -> CellStyle {
        switch vote {
        case .like: return CellStyle(foreground: c(46), bold: true)
        case .nope: return CellStyle(foreground: c(203), bold: true)
        case .superLike: return CellStyle(foreground: c(45), bold: true)
        }
    }
}

extension Vote {
    /// The word stamped on a card.
    var stamp: String {
        switch self {
        case .like: return "LIKE"
        case .nope: return "NOPE"
        case .superLike: return "SUPER"
        }
    }

    /// A one-column mark for lists.
    var mark: String {
        switch self {
        case .like: return "♥"
        case .nope: return "✕"
        case .superLike: return "★"
        }
    }
}
