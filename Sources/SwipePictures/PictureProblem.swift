import SwipeCore

/// Why bytes are not a usable picture. Its description is one line for a deck error or a log.
///
/// ```swift
/// PictureProblem.tooManyPixels(width: 30000, height: 30000, limit: PictureLimits()).description
/// // "30000 × 30000 pixels, the limit is 4096 × 4096"
/// ```
public enum PictureProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Larger than the byte cap.
    case tooManyBytes(Int, limit: Int)
    /// Neither a PNG nor a JPEG signature.
    case notAnImage
    /// A real image of another format than the file name says (e.g. a PNG named `.jpg`).
    case wrongExtension(actual: PictureFormat, named: PictureFormat)
    /// The header's dimensions pass the caps.
    case tooManyPixels(width: Int, height: Int, limit: PictureLimits)
    /// The decoder refused the header or the data (truncated, damaged), with its reason.
    case corrupt(PictureFormat, String)
    /// No memory for the pixels.
    case noMemory

    public var description: String {
        switch self {
        case let .tooManyBytes(count, limit):
            return "\(count) bytes, the limit is \(limit)"
        case .notAnImage:
            return "not a PNG or JPEG image"
        case let .wrongExtension(actual, named):
            return "a \(actual.displayName) image named as \(named.displayName) (wrong extension)"
        case let .tooManyPixels(width, height, limit):
            return "\(width) × \(height) pixels, the limit is \(limit.maxWidth) × \(limit.maxHeight)"
        case let .corrupt(format, reason):
            return "a damaged \(format.displayName) image: \(reason)"
        case .noMemory:
            return "out of memory decoding the image"
        }
    }
}
