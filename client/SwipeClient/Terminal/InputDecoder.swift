import SwipeClientCore

/// Turns what curses reports (characters, key codes, mouse states) into `AppEvent`s, tracking
/// whether button 1 is held so that motion reports become drags. Pure.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.mouse(pressed: true, released: false, motion: false, row: 5, column: 9)   // [.mousePressed(row: 5, column: 9)]
/// decoder.mouse(pressed: false, released: false, motion: true, row: 5, column: 12)  // [.mouseDragged(row: 5, column: 12)]
/// ```
struct InputDecoder: Hashable, Sendable {
    /// Whether button 1 is down.
    private(set) var buttonHeld = false

    /// Creates a decoder with no button held.
    init() {}

    /// A typed character (Ctrl-C arrives as U+0003 in raw mode and is an interrupt: quit).
    func character(_ scalar: Unicode.Scalar) -> [AppEvent] {
        switch scalar.value {
        case 3: return [.key(.interrupt)]
        case 10, 13: return [.key(.enter)]
        case 27: return [.key(.escape)]
        case 8, 127: return [.key(.backspace)]
        case 0..<32: return []
        default: return [.key(.character(Character(scalar)))]
        }
    }

    /// Keys the client knows by curses key code names.
    enum FunctionKey: Hashable, Sendable { case left, right, up, down, pageUp, pageDown, home, end, backspace, resize, other }

    /// A function key.
    func functionKey(_ key: FunctionKey, size: TermSize) -> [AppEvent] {
        switch key {
        case .left: return [.key(.left)]
        case .right: return [.key(.right)]
        case .up: return [.key(.up)]
        case .down: return [.key(.down)]
        case .pageUp: return [.key(.pageUp)]
        case .pageDown: return [.key(.pageDown)]
        case .home: return [.key(.home)]
        case .end: return [.key(.end)]
        case .backspace: return [.key(.backspace)]
        case .resize: return [.resized(size)]
        case .other: return []
        }
    }

    /// A mouse report: button 1 pressed or released, or motion (with any button state).
    mutating func mouse(pressed: Bool, released: Bool, motion: Bool, row: Int, column: Int) -> [AppEvent] {
        if pressed && released {
            // A click reported in one go: a press and release in place.
            buttonHeld = false
            return [.mousePressed(row: row, column: column), .mouseReleased(row: row, column: column)]
        }
        if pressed {
            buttonHeld = true
            return [.mousePressed(row: row, column: column)]
        }
        if released {
            guard buttonHeld else { return [] }
            buttonHeld = false
            return [.mouseReleased(row: row, column: column)]
        }
        if motion, buttonHeld { return [.mouseDragged(row: row, column: column)] }
        return []
    }
}
