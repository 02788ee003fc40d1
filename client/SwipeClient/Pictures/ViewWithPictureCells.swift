import SwipeClientCore

/// `view` as the screen shows it once the picture thread has drawn the cells the frame wanted
/// (the client's loop turns `pictureCellsWanted` into `.frameWantsPictureCells`, `update` into
/// `.drawPictureCells`, and `PictureFetcher.draw` posts `.pictureCellsReady`); here the cells are
/// drawn at once, on this thread, with the same chafa call: for tests and previews.
///
/// ```swift
/// let frame = viewWithPictureCells(SampleScenes.withPicture(size: size, colours: .palette256), size: size)
/// ```
public func viewWithPictureCells(_ model: AppModel, size: TermSize) -> Frame {
    let frame = view(model, size: size)
    guard let wanted = frame.pictureCellsWanted, let picture = model.pictures.picture(wanted.etag) else { return frame }
    var drawn = model
    update(&drawn, .pictureCellsReady(wanted, ChafaSymbols.render(picture.picture, columns: wanted.columns, rows: wanted.rows, colours: wanted.colours)))
    return view(drawn, size: size)
}
