import Foundation
import SwipeCore

/// The rules a display name must meet before the client sends it: the server keeps at most
/// `maxLength` characters (grapheme clusters, as Swift counts them) and cuts longer names, so the
/// client refuses them up front rather than let the group see a name other than the one typed.
///
/// ```swift
/// MemberName.problem(with: "Bo")                                   // nil: fine
/// MemberName.problem(with: String(repeating: "x", count: 33))      // "--name is too long (33 characters; …)"
/// ```
public enum MemberName {
    /// The longest name the server keeps (its `Room.maxNameLength`).
    public static let maxLength = 32

    /// What is wrong with a name given as `--name`, or nil when it may be sent as is.
    ///
    /// ```swift
    /// MemberName.problem(with: "  ")   // "--name must not be empty"
    /// ```
    public static func problem(with name: String) -> String? {
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return "--name must not be empty" }
        if name.count > maxLength {
            return "--name is too long (\(name.count) characters; at most \(maxLength), as the server allows)"
        }
        if TextMetrics.clean(name) != name { return "--name must not contain control characters" }
        return nil
    }
}
