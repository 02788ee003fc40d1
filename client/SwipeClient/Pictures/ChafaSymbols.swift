import CChafa
import Foundation
import SwipeClientCore
import SwipeCore
import SwipePictures

/// Pictures as terminal cells with chafa: scaled to fit `columns` × `rows` keeping the picture's
/// shape (a cell is twice as tall as wide), block symbols coloured in 24-bit, the 256-colour
/// palette, or without colour (symbol shapes only). The client's picture thread draws them and
/// hands them to the model (`.pictureCellsReady`), so no frame pays for chafa.
///
/// ```swift
/// let cells = ChafaSymbols.render(picture, columns: 40, rows: 10, colours: .truecolor)
/// cells.columns <= 40 && cells.rows <= 10   // true
/// ```
public enum ChafaSymbols {
    /// The size in cells that fits `width` × `height` pixels into `columns` × `rows`, keeping its shape.
    ///
    /// ```swift
    /// ChafaSymbols.fit(width: 48, height: 32, columns: 40, rows: 10)   // (30, 10)
    /// ```
    public static func fit(width: Int, height: Int, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0) }
        let wide = Double(rows) * Double(width) / Double(height) * 2
        if wide <= Double(columns) { return (max(1, Int(wide.rounded())), rows) }
        return (columns, max(1, min(rows, Int((Double(columns) * Double(height) / Double(width) / 2).rounded()))))
    }

    /// Draws `picture` as cells (see the type).
    public static func render(_ picture: DecodedPicture, columns: Int, rows: Int, colours: PictureColours) -> PictureCells {
        let map = chafa_symbol_map_new()
        defer { chafa_symbol_map_unref(map) }
        chafa_symbol_map_add_by_tags(map, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
        let drawn = ChafaDrawing.withCanvas(picture, columns: columns, rows: rows, configure: { config in
            chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
            switch colours {
            case .truecolor: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
            case .palette256: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240)
            case .none: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_FGBG)
            }
            chafa_canvas_config_set_work_factor(config, 0.5)
            chafa_canvas_config_set_symbol_map(config, map)
        }) { canvas, size -> PictureCells in
            var cells: [Cell] = []
            cells.reserveCapacity(size.columns * size.rows)
            for y in 0..<size.rows {
                for x in 0..<size.columns {
                    let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                    var fg: Int32 = -1, bg: Int32 = -1
                    chafa_canvas_get_raw_colors_at(canvas, Int32(x), Int32(y), &fg, &bg)
                    let grapheme = Unicode.Scalar(code).map { String(Character($0)) } ?? " "
                    cells.append(Cell(grapheme: grapheme, style: style(fg: fg, bg: bg, colours: colours)))
                }
            }
            return PictureCells(columns: size.columns, rows: size.rows, cells: cells)
        }
        return drawn ?? PictureCells(columns: 0, rows: 0, cells: [])
    }

    private static func style(fg: Int32, bg: Int32, colours: PictureColours) -> CellStyle {
        func colour(_ value: Int32) -> TermColor? {
            guard value >= 0 else { return nil }
            switch colours {
            case .truecolor:
                return .rgb(RGBColor(red: level(value >> 16), green: level(value >> 8), blue: level(value)))
            case .palette256:
                return .indexed(UInt8(clamping: value))
            case .none:
                return nil
            }
        }
        return CellStyle(foreground: colour(fg), background: colour(bg))
    }

    /// How many levels a 24-bit picture colour keeps per channel. Every distinct pair of colours in
    /// a frame is a curses colour pair, and making one costs ncurses about 2.5 µs: a picture at
    /// 200×60 in full 24-bit colour made 999 pairs (2.4–3.9 ms to paint the frame that shows it),
    /// with 32 levels 298 (0.9–1.2 ms). 32 levels are at most 4 from chafa's colour, and 17 times
    /// as many colours as the 256-colour palette's cube.
    public static let levelsPerChannel = 32

    /// A channel (the low 8 bits of `value`) rounded to the nearest of ``levelsPerChannel`` levels
    /// spread over 0–255.
    ///
    /// ```swift
    /// ChafaSymbols.level(0)     // 0
    /// ChafaSymbols.level(255)   // 255
    /// ChafaSymbols.level(130)   // 132
    /// ```
    public static func level(_ value: Int32) -> UInt8 {
        let steps = levelsPerChannel - 1
        let channel = Int(value & 0xFF)
        let step = (channel * steps + 127) / 255
        return UInt8((step * 255 + steps / 2) / steps)
    }
}
