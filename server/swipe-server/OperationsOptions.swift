// swipe-server's operations flags: how it logs. Main thread (parsing
// and the logging bootstrap, before the service thread starts).
import ArgumentParser
import Logging
import SwipeServer

extension LogFormat: ExpressibleByArgument {}

/// `--log-format`.
struct OperationsOptions: ParsableArguments {
    @Option(name: .customLong("log-format"), help: "text (swift-log's lines) or json (one object per line: time, level, label, message, metadata, source).")
    var logFormat: LogFormat = .text

    /// Sends every `Logger` to standard error in the chosen format at `level`.
    func bootstrapLogging(level: Logger.Level) {
        let format = logFormat
        LoggingSystem.bootstrap { label in
            switch format {
            case .text:
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            case .json:
                var handler = JSONLogHandler(label: label)
                handler.logLevel = level
                return handler
            }
        }
    }
}
