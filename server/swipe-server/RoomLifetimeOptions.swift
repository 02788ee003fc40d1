// swipe-server's flags for how long rooms live: closing times, decided rooms, abandoned rooms.
// Main thread (parsing, before the service thread starts).
import ArgumentParser
import SwipeRooms
import SwipeServer
import SwipeStoreChoice

/// `--max-room-open`, `--keep-decided`, `--abandoned-room-timeout`, `--hibernate-after`, `--max-open-rooms`.
///
/// ```swift
/// try lifetimes.apply(to: &configuration)   // swipe-server --max-room-open 86400 --keep-decided 3600
/// ```
struct RoomLifetimeOptions: ParsableArguments {
    @Option(name: .customLong("max-room-open"), help: "Seconds \(SecondsFlag.orSpan) ahead a room's closing time (create's closesAt, swipe create --until) may be at most; later ones are refused. Default 14 days.", transform: SecondsFlag.parse)
    var maxRoomOpen: Double = RegistryLimits.defaultMaxRoomOpen / 1000

    @Option(name: .customLong("keep-decided"), help: "Seconds \(SecondsFlag.orSpan) a room with a closing time is kept after it, for its results, before it is forgotten. Default 7 days.", transform: SecondsFlag.parse)
    var keepDecided: Double = ServerConfiguration(store: .memory).keepDecidedSeconds

    @Option(name: .customLong("abandoned-room-timeout"), help: "Seconds \(SecondsFlag.orSpan) after the last member left before a room without a closing time is dropped. Default 30 minutes.", transform: SecondsFlag.parse)
    var abandonedRoomTimeout: Double = ServerConfiguration(store: .memory).abandonedRoomTimeoutSeconds

    @Option(name: .customLong("hibernate-after"), help: "Seconds \(SecondsFlag.orSpan) after its last member here left before a room leaves memory: it sleeps in the log (--data), or a cluster node drops it and the store keeps it (--store); read back when someone joins, asks for its results or its close comes. 0: never. Default 60.", transform: SecondsFlag.parse)
    var hibernateAfter: Double = 60

    @Option(name: .customLong("max-open-rooms"), help: "Open rooms this server keeps, in memory and hibernated together; more get tooManyRooms. --max-rooms bounds those in memory. Default 100000.")
    var maxOpenRooms = 100_000

    /// Checks each flag (a span `SecondsFlag` read, so finite and 0 or more; these three more than
    /// 0) and sets it in `configuration`.
    func apply(to configuration: inout ServerConfiguration) throws {
        for (flag, seconds) in [("--max-room-open", maxRoomOpen), ("--keep-decided", keepDecided),
                                ("--abandoned-room-timeout", abandonedRoomTimeout)] where seconds == 0 {
            throw ValidationError("\(flag) must be more than 0 seconds")
        }
        configuration.registryLimits.maxRoomOpen = maxRoomOpen * 1000
        configuration.keepDecidedSeconds = keepDecided
        configuration.abandonedRoomTimeoutSeconds = abandonedRoomTimeout
        guard maxOpenRooms >= 1 else { throw ValidationError("--max-open-rooms must be at least 1 (got \(maxOpenRooms))") }
        configuration.hibernateAfterSeconds = hibernateAfter > 0 ? hibernateAfter : nil
        configuration.maxOpenRooms = maxOpenRooms
    }
}
