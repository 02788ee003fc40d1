@testable import SwipeClient

/// `view` as the screen shows it once the picture thread has drawn the cells the frame wanted
/// (the client's loop hands `pictureCellsWanted` to `PictureFetcher.draw`, which posts
/// `.pictureCellsReady`; here they are drawn at once).
func viewWithPictureCells(_ model: AppModel, size: TermSize) -> Frame {
    let frame = view(model, size: size)
    guard let wanted = frame.pictureCellsWanted, let picture = model.pictures.picture(wanted.etag) else { return frame }
    var drawn = model
    update(&drawn, .pictureCellsReady(wanted, ChafaSymbols.render(picture.picture, columns: wanted.columns, rows: wanted.rows, colours: wanted.colours)))
    return view(drawn, size: size)
}
