// swipe-server's operations flags: how it logs and who may read /metrics. Main thread (parsing
// and the logging bootstrap, before the service thread starts).
import ArgumentParser
import Foundation
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

    @Option(name: .customLong("ssh-join"), help: "The SSH gateway's join line, e.g. 'ssh -t -p 2222 swipe@HOST' (scripts/ssh-gateway.sh): sent in welcome, and the lobby shows it, with the room code, next to the swipe join line.")
    var sshJoin: String?

    @Flag(name: .customLong("key-tags"), inversion: .prefixedNo, help: "Show beside each ssh member's name a short tag of their key, sent by the SSH gateway from a --trust-proxy address (so a group can tell two keys apart).")
    var keyTags = true

    /// `--ssh-join`, checked: one printable line of at most 200 characters.
    func sshJoinLine() throws -> String? {
        guard let sshJoin else { return nil }
        let line = sshJoin.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty, line.count <= 200, line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw ValidationError("--ssh-join must be one printable line of at most 200 characters, e.g. 'ssh -t -p 2222 swipe@HOST' (got \"\(sshJoin)\")")
        }
        return line
    }

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
