import SwipeProtocol

/// `--layout stack|koloda` on `swipe create` and `swipe demo`: the room's stack, read from the
/// command line with an error that names the flag and the choices.
///
/// ```swift
/// LayoutFlag.parse("koloda")   // .success(.koloda)
/// LayoutFlag.parse("grid")     // .failure: unknown --layout "grid" (expected stack or koloda)
/// ```
public enum LayoutFlag {
    /// What `--help` says about the flag.
    ///
    /// ```swift
    /// @Option(help: ArgumentHelp(LayoutFlag.help)) var layout = "stack"
    /// ```
    public static let help = "How the room stacks its cards for everyone: stack (seed 000's inset stack) "
        + "or koloda (Koloda's wide background card that springs in)."

    /// The error for a value that names no layout.
    ///
    /// ```swift
    /// LayoutFlag.Unknown(text: "grid").description   // "unknown --layout \"grid\" (expected stack or koloda)"
    /// ```
    public struct Unknown: Error, CustomStringConvertible, Hashable {
        /// The value as typed.
        public var text: String
        /// The message `swipe` prints: the flag, the value and the choices.
        public var description: String {
            "unknown --layout \"\(text)\" (expected \(RoomLayout.allCases.map(\.rawValue).joined(separator: " or ")))"
        }
    }

    /// The layout a flag value names (any letter case).
    ///
    /// ```swift
    /// LayoutFlag.parse("Stack")   // .success(.stack)
    /// ```
    public static func parse(_ text: String) -> Result<RoomLayout, Unknown> {
        guard let layout = RoomLayout(rawValue: text.lowercased()) else { return .failure(Unknown(text: text)) }
        return .success(layout)
    }
}
