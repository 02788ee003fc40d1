import CNCursesW
import CLibWebSockets
import SwipeCore

/// Build facts about the client module.
///
/// ```swift
/// SwipeClientInfo.cursesVersion   // "ncurses 6.4.20221231"
/// ```
public enum SwipeClientInfo {
    /// The client's version, printed by `swipe --version`.
    public static let version = SwipeDeckVersion.current
    /// The linked ncurses library's version string.
    ///
    /// ```swift
    /// SwipeClientInfo.cursesVersion   // "ncurses 6.4.20221231"
    /// ```
    public static var cursesVersion: String { String(cString: curses_version()) }
}
