import CLibWebSockets
import SwipeCore

/// Build facts about the server module.
///
/// ```swift
/// SwipeServerInfo.version   // "0.1.0"
/// ```
public enum SwipeServerInfo {
    public static let version = SwipeDeckVersion.current
    /// The libwebsockets version linked in.
    public static var libwebsocketsVersion: String { String(cString: lws_get_library_version()) }
}
