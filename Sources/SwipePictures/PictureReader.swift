import CPictureCodecs
import SwipeCore

/// A decoded picture: RGBA pixels, 8 bits per channel, rows top to bottom.
///
/// ```swift
/// let picture = try PictureReader.decode(bytes)
/// picture.rgba.count == picture.width * picture.height * 4   // true
/// ```
public struct DecodedPicture: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    /// Creates a picture from its pixels.
    ///
    /// ```swift
    /// let red = DecodedPicture(width: 1, height: 1, rgba: [255, 0, 0, 255])
    /// ```
    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// What a picture's header says.
///
/// ```swift
/// let info = try PictureReader.check(bytes, named: .png)
/// (info.format, info.width, info.height)   // (.png, 96, 64)
/// ```
public struct PictureInfo: Hashable, Sendable {
    public var format: PictureFormat
    public var width: Int
    public var height: Int
}

/// Reads PNG and JPEG pictures from bytes with libpng and libjpeg-turbo: the format from the bytes
/// themselves, the header's dimensions against the caps before any pixel is decoded, then every
/// pixel (so truncated or damaged data is found). Pure apart from memory; any thread.
///
/// ```swift
/// let info = try PictureReader.check(bytes, named: .jpeg)              // the server, at start
/// let picture = try PictureReader.decode(bytes, limits: .standard)     // the client, off the main thread
/// ```
public enum PictureReader {
    /// Checks that `bytes` are a whole, readable picture within `limits`, and of the format the
    /// file name gave (`named`, when given). Decodes every pixel and throws them away.
    ///
    /// ```swift
    /// try PictureReader.check(Array("hello".utf8))   // throws PictureProblem.notAnImage
    /// ```
    @discardableResult
    public static func check(_ bytes: [UInt8], named: PictureFormat? = nil, limits: PictureLimits = .standard) throws(PictureProblem) -> PictureInfo {
        let (info, _) = try read(bytes, named: named, limits: limits, keepPixels: false)
        return info
    }

    /// Decodes `bytes` into RGBA pixels, or throws why it cannot.
    ///
    /// ```swift
    /// let picture = try PictureReader.decode(bytes)
    /// ```
    public static func decode(_ bytes: [UInt8], limits: PictureLimits = .standard) throws(PictureProblem) -> DecodedPicture {
        let (info, pixels) = try read(bytes, named: nil, limits: limits, keepPixels: true)
        return DecodedPicture(width: info.width, height: info.height, rgba: pixels)
    }

    private static func read(_ bytes: [UInt8], named: PictureFormat?, limits: PictureLimits,
                             keepPixels: Bool) throws(PictureProblem) -> (PictureInfo, [UInt8]) {
        if bytes.count > limits.maxBytes { throw .tooManyBytes(bytes.count, limit: limits.maxBytes) }
        guard let format = PictureFormat(magic: bytes) else { throw .notAnImage }
        if let named, named != format { throw .wrongExtension(actual: format, named: named) }
        var info = swipe_picture_info()
        var pixels: UnsafeMutablePointer<UInt8>?
        let status = bytes.withUnsafeBufferPointer { buffer in
            swipe_picture_read(buffer.baseAddress, buffer.count, UInt32(clamping: limits.maxWidth), UInt32(clamping: limits.maxHeight),
                               1, &info, &pixels)
        }
        defer { swipe_picture_free(pixels) }
        let width = Int(info.width), height = Int(info.height)
        switch status {
        case SWIPE_PICTURE_OK:
            break
        case SWIPE_PICTURE_NOT_AN_IMAGE:
            throw .notAnImage
        case SWIPE_PICTURE_TOO_LARGE:
            throw .tooManyPixels(width: width, height: height, limit: limits)
        case SWIPE_PICTURE_NO_MEMORY:
            throw .noMemory
        default:
            let reason = withUnsafeBytes(of: info.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw .corrupt(format, reason)
        }
        guard width > 0, height > 0, let pixels else { throw .corrupt(format, "no pixels") }
        let kept = keepPixels ? Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)) : []
        return (PictureInfo(format: format, width: width, height: height), kept)
    }
}
