import CChafa
import SwipePictures

/// One chafa canvas with a picture drawn on it, fitted (keeping its shape) into `columns` × `rows`
/// cells: what ``ChafaSymbols`` reads cells from and ``ChafaGraphics`` prints kitty or sixel bytes
/// from. `configure` sets the mode (symbols and colours, or pixels) before the canvas is made.
///
/// ```swift
/// let text = ChafaDrawing.withCanvas(picture, columns: 30, rows: 10, configure: { config in
///     chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
/// }) { canvas, size in size.columns }   // 30 (nil when nothing fits)
/// ```
enum ChafaDrawing {
    static func withCanvas<Result>(_ picture: DecodedPicture, columns: Int, rows: Int,
                                   configure: (OpaquePointer) -> Void,
                                   body: (OpaquePointer, (columns: Int, rows: Int)) -> Result) -> Result? {
        let size = ChafaSymbols.fit(width: picture.width, height: picture.height, columns: columns, rows: rows)
        guard size.columns > 0, size.rows > 0, picture.rgba.count >= picture.width * picture.height * 4,
              let config = chafa_canvas_config_new() else { return nil }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.columns), Int32(size.rows))
        configure(config)
        guard let canvas = chafa_canvas_new(config) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        picture.rgba.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(picture.width), Int32(picture.height), Int32(picture.width * 4))
        }
        return body(canvas, size)
    }
}
