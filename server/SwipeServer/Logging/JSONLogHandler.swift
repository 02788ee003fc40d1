// The log handler behind `--log-format json`: one JSON object per line on standard error.
// Runs on whichever thread logs (the main thread, the lws service thread, restore workers): each
// line is one write(2) of a whole line, which POSIX keeps together on a pipe (up to PIPE_BUF) and
// journald and files take as one record; the handler itself holds no shared mutable state.
import Foundation
import Logging

/// A swift-log `LogHandler` writing `JSONLogLine`s to a file descriptor (standard error by default).
///
/// ```swift
/// LoggingSystem.bootstrap { label in
///     var handler = JSONLogHandler(label: label)
///     handler.logLevel = .info
///     return handler
/// }
/// Logger(label: "swipe-server").info("listening", metadata: ["port": "7681"])
/// // {"time":"…","level":"info","label":"swipe-server","message":"listening","metadata":{"port":"7681"},"source":"…"}
/// ```
public struct JSONLogHandler: LogHandler {
    public let label: String
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    /// Where lines go (2: standard error).
    public let descriptor: Int32

    public init(label: String, descriptor: Int32 = 2, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.descriptor = descriptor
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: Logging.LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        let text = JSONLogLine.render(time: Date().timeIntervalSince1970, level: event.level, label: label,
                                      message: event.message.description, metadata: merged, source: event.source) + "\n"
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Foundation.write(descriptor, base + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return   // a closed or full stderr loses the line rather than stop the server
            }
        }
    }
}
