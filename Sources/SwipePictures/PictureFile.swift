import Foundation
import SwipeCore

/// A picture file a deck names, read and checked as the server checks deck pictures: a regular
/// file, at most `limits.maxBytes` (from its size, before reading), then ``PictureReader/check``
/// (format from the bytes against the name's, header dimensions, every pixel). One reader for
/// `--decks` on the server and, next, for `swipe create --deck FILE` on the client.
///
/// ```swift
/// let picture = try PictureFile.read("posters/dune.png", in: "/srv/decks", named: .png, limits: .standard)
/// picture.info.format   // .png
/// ```
public enum PictureFile {
    /// Why a picture file cannot be used; its description is one line (a deck error's reason).
    ///
    /// ```swift
    /// PictureFile.Problem.notRegularFile.description   // "not a regular file"
    /// ```
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Nothing at that path (the path looked for).
        case noSuchFile(String)
        /// A directory, a device or another non-regular file.
        case notRegularFile
        /// It exists but cannot be read.
        case unreadable
        /// The bytes are not a usable picture.
        case picture(PictureProblem)

        public var description: String {
            switch self {
            case let .noSuchFile(path): "no such file (looked for \(path))"
            case .notRegularFile: "not a regular file"
            case .unreadable: "cannot read the file"
            case let .picture(problem): problem.description
            }
        }
    }

    /// Reads `file` (relative to `folder`) and checks it; `named` is the format its name says.
    public static func read(_ file: String, in folder: String, named: PictureFormat?, limits: PictureLimits)
        throws(Problem) -> (bytes: [UInt8], info: PictureInfo) {
        let path = (folder as NSString).appendingPathComponent(file)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { throw .noSuchFile(path) }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else { throw .notRegularFile }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if size > limits.maxBytes { throw .picture(.tooManyBytes(size, limit: limits.maxBytes)) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable }
        let bytes = Array(data)
        do {
            return (bytes, try PictureReader.check(bytes, named: named, limits: limits))
        } catch {
            throw .picture(error)
        }
    }
}
