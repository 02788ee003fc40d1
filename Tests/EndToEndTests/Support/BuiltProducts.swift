import Foundation

/// The path of one of the package's debug products (`swipe`, `swipe-server`, …), as built by
/// `swift build --build-tests` before the tests run.
func builtProduct(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/\(name)").path
}
