import SwipeCore

/// Where the terminal should show a picture as pixels (kitty or sixel): the resting top card's
/// picture area, in screen cells. A frame carries one only while nothing moves over the stack and
/// no overlay is up (``AppModel/allowsPixelPictures``); the shell draws it after the cells and
/// removes it as soon as a frame carries none or another one.
///
/// ```swift
/// let placement = PixelPlacement(etag: "p-1", row: 3, column: 18, columns: 20, rows: 5)
/// ```
public struct PixelPlacement: Hashable, Sendable {
    public var etag: String
    public var row: Int
    public var column: Int
    public var columns: Int
    public var rows: Int

    public init(etag: String, row: Int, column: Int, columns: Int, rows: Int) {
        self.etag = etag
        self.row = row
        self.column = column
        self.columns = columns
        self.rows = rows
    }
}

extension AppModel {
    /// True when pictures may be drawn as pixels: graphics asked for, a card at rest (no drag of
    /// ours or anyone's, nothing playing or flying), no overlay, banner, prompt or results.
    ///
    /// ```swift
    /// model.allowsPixelPictures   // false while the help is open
    /// ```
    public var allowsPixelPictures: Bool {
        switch options.pictures {
        case .kitty, .sixel: break
        case .auto, .symbols, .off: return false
        }
        return drag == nil && playing.isEmpty && leaving.isEmpty && remoteDrags.isEmpty && !showingHelp && !showingResults
            && hostPrompt == nil && proposalEditor == nil && banner == nil && winnerBanner == nil && room?.phase == .voting
    }
}
