import CNCursesW
import CLibWebSockets

/// Build facts about the client module.
///
/// ```swift
/// SwipeClientInfo.cursesVersion   // "ncurses 6.4.20221231"
/// ```
public enum SwipeClientInfo {
    public static let version = "0.1.0"
    public static var cursesVersion: String { String(cString: curses_version()) }
}
