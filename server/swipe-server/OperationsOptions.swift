// swipe-server's operations flags: how it logs and who may read /metrics. Main thread (parsing
// and the logging bootstrap, before the service thread starts).
import ArgumentParser
import Logging
import SwipeServer

extension LogFormat: ExpressibleByArgument {}

/// `--log-format`, `--metrics-allow`, `--metrics-loopback/--no-metrics-loopback`.
struct OperationsOptions: ParsableArguments {
    @Option(name: .customLong("log-format"), help: "text (swift-log's lines) or json (one object per line: time, level, label, message, metadata, source).")
    var logFormat: LogFormat = .text

    @Option(name: .customLong("metrics-allow"), help: "A CIDR range (or one address) whose peers may read GET /metrics (repeatable); loopback always may, unless --no-metrics-loopback. Others get 403.")
    var metricsAllow: [String] = []

    @Flag(name: .customLong("metrics-loopback"), inversion: .prefixedNo, help: "Serve /metrics to loopback peers (127.0.0.0/8, ::1).")
    var metricsLoopback = true

    /// Who may read /metrics, from the flags.
    func metricsAccess() throws -> MetricsAccess {
        do {
            return MetricsAccess(ranges: try metricsAllow.map(AddressRange.init(parsing:)), allowsLoopback: metricsLoopback)
        } catch {
            throw ValidationError("--metrics-allow: \(error)")
        }
    }

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
