import Foundation

/// The path of one of the package's debug products (`swipe`, `swipe-server`, …), as built by
/// `swift build --build-tests` before the tests run; with `SWIPE_PRODUCTS_DIR` set, that
/// directory's (scripts/test.sh runs the signal tests again on the release build that way).
func builtProduct(_ name: String) -> String {
    if let directory = ProcessInfo.processInfo.environment["SWIPE_PRODUCTS_DIR"], !directory.isEmpty {
        return URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/\(name)").path
}
