/// Cells a frame wanted for a resting card's picture and did not have yet: which picture, at which
/// size and colours. The view draws the card's glyph meanwhile and names the request in the frame
/// (``Frame/pictureCellsWanted``); the shell gives it back to `update` (`.frameWantsPictureCells`),
/// which asks for the drawing (`.drawPictureCells`); chafa draws the cells on the picture thread,
/// which posts them (`.pictureCellsReady`), and the model keeps them (``PictureShelf/drawn``).
///
/// ```swift
/// let request = PictureCellsRequest(etag: "p-1", columns: 40, rows: 10, colours: .truecolor)
/// model.pictures.drawn[request]   // nil until drawn
/// ```
public struct PictureCellsRequest: Hashable, Sendable {
    public var etag: String
    public var columns: Int
    public var rows: Int
    public var colours: PictureColours

    public init(etag: String, columns: Int, rows: Int, colours: PictureColours) {
        self.etag = etag
        self.columns = columns
        self.rows = rows
        self.colours = colours
    }
}
