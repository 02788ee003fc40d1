import CChafa
import Foundation
import SwipeClientCore
import SwipePictures

/// Pictures as terminal graphics with chafa: kitty's graphics protocol or sixels, for the resting
/// top card only (a moving card is drawn as cells). The bytes draw at the cursor; the terminal
/// description comes from chafa's own database (`TERM=xterm-kitty` for kitty, `TERM=mlterm` for
/// sixels), so what is sent is exactly what chafa produces for that terminal.
///
/// ```swift
/// let bytes = ChafaGraphics.render(picture, columns: 30, rows: 10, cell: (10, 20), kind: .kitty)
/// bytes.starts(with: Array("\u{1B}_G".utf8))   // true
/// ```
public enum ChafaGraphics {
    /// Kitty or sixel: the core's value (``PixelGraphicsKind``), named here as chafa draws it.
    public typealias Kind = PixelGraphicsKind

    /// The escape sequence that draws `picture` fitted (keeping its shape) into `columns` × `rows`
    /// cells of `cell` pixels each; empty when nothing fits.
    public static func render(_ picture: DecodedPicture, columns: Int, rows: Int, cell: (width: Int, height: Int),
                              kind: Kind) -> [UInt8] {
        let bytes = ChafaDrawing.withCanvas(picture, columns: columns, rows: rows, configure: { config in
            chafa_canvas_config_set_cell_geometry(config, Int32(max(1, cell.width)), Int32(max(1, cell.height)))
            chafa_canvas_config_set_pixel_mode(config, kind.pixelMode)
            chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        }) { canvas, _ in Self.printed(canvas, kind: kind) }
        return bytes ?? []
    }

    /// The canvas printed for the terminal chafa's database knows by `kind.environment`.
    private static func printed(_ canvas: OpaquePointer, kind: Kind) -> [UInt8] {
        guard let db = chafa_term_db_new() else { return [] }
        defer { chafa_term_db_unref(db) }
        var strings = kind.environment.map { strdup($0) } + [nil]
        defer { for s in strings { free(s) } }
        guard let info = strings.withUnsafeMutableBufferPointer({ chafa_term_db_detect(db, $0.baseAddress) }) else { return [] }
        defer { chafa_term_info_unref(info) }
        guard let printed = chafa_canvas_print(canvas, info) else { return [] }
        defer { swipe_gstring_free(printed) }
        let length = Int(swipe_gstring_length(printed))
        guard let text = swipe_gstring_text(printed) else { return [] }
        return text.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// What removes a kitty picture again (every placement; sixels are painted over instead).
    ///
    /// ```swift
    /// ChafaGraphics.kittyDeleteAll   // ESC _ G a=d ESC \
    /// ```
    public static let kittyDeleteAll: [UInt8] = Array(kittyDeleteString.utf8)
    static let kittyDeleteString = "\u{1B}_Ga=d\u{1B}\\"
}

extension PixelGraphicsKind {
    /// The environment chafa's terminal database is asked about.
    var environment: [String] {
        switch self {
        case .kitty: ["TERM=xterm-kitty"]
        case .sixel: ["TERM=mlterm"]
        }
    }

    var pixelMode: ChafaPixelMode {
        switch self {
        case .kitty: CHAFA_PIXEL_MODE_KITTY
        case .sixel: CHAFA_PIXEL_MODE_SIXELS
        }
    }
}
