@testable import SwipeClient

/// `view` as the screen shows it once the picture thread has drawn the cells the frame wanted
/// (the client's loop hands `pictureCellsWanted` to `PictureFetcher.draw`; here it is drawn at once).
func viewWithPictureCells(_ model: AppModel, size: TermSize) -> Frame {
    let frame = view(model, size: size)
    guard let wanted = frame.pictureCellsWanted, let picture = model.pictures.picture(wanted.etag) else { return frame }
    ChafaSymbols.prepare(wanted, picture: picture.picture)
    return view(model, size: size)
}
