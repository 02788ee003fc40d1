import Testing
import SwipeProtocol
import SwipeRooms
@testable import SwipeRoomDriver

@Suite struct TimerScheduleTests {
    /// One case: deadlines in, the earliest out.
    struct EarliestCase: Sendable, CustomStringConvertible {
        var rooms: [String: ServerTime]
        var eviction: ServerTime?
        var shutdown: ServerTime?
        var heapTrim: ServerTime? = nil
        var earliest: ServerTime?
        var description: String {
            "rooms \(rooms), eviction \(String(describing: eviction)), shutdown \(String(describing: shutdown)), heap trim \(String(describing: heapTrim))"
        }
    }

    static let earliestCases: [EarliestCase] = [
        EarliestCase(rooms: [:], eviction: nil, shutdown: nil, earliest: nil),
        EarliestCase(rooms: [:], eviction: 60_000, shutdown: nil, earliest: 60_000),
        EarliestCase(rooms: ["AAAA-AAAA-AA": 1_500], eviction: 60_000, shutdown: nil, earliest: 1_500),
        EarliestCase(rooms: ["AAAA-AAAA-AA": 1_500, "BBBB-BBBB-BB": 900], eviction: 60_000, shutdown: nil, earliest: 900),
        EarliestCase(rooms: ["AAAA-AAAA-AA": 1_500], eviction: 60_000, shutdown: 1_200, earliest: 1_200),
        EarliestCase(rooms: ["AAAA-AAAA-AA": 70_000], eviction: 60_000, shutdown: nil, earliest: 60_000),
        EarliestCase(rooms: ["AAAA-AAAA-AA": 5], eviction: nil, shutdown: nil, earliest: 5),
        EarliestCase(rooms: [:], eviction: nil, shutdown: nil, heapTrim: 300, earliest: 300),
        EarliestCase(rooms: ["AAAA-AAAA-AA": 1_500], eviction: 60_000, shutdown: 2_000, heapTrim: 700, earliest: 700),
        EarliestCase(rooms: ["AAAA-AAAA-AA": 1_500], eviction: 60_000, shutdown: 2_000, heapTrim: 1_600, earliest: 1_500),
        EarliestCase(rooms: [:], eviction: 60_000, shutdown: 2_000, heapTrim: 2_500, earliest: 2_000),
    ]

    @Test(arguments: earliestCases)
    func theEarliestDeadlineWins(_ table: EarliestCase) {
        var schedule = TimerSchedule(evictionCheck: table.eviction, shutdownDeadline: table.shutdown)
        schedule.heapTrimCheck = table.heapTrim
        for (room, at) in table.rooms { schedule.setRoomTimer(RoomCode(room), at: at) }
        #expect(schedule.earliest == table.earliest)
        let expected: TimerSchedule.WakeChange = table.earliest.map { .arm(at: $0) } ?? .keep
        #expect(schedule.rearm() == expected)
    }

    /// One step of a timeline: a change to the schedule, then the wake change `rearm` asks for.
    enum Step: Sendable {
        case setRoom(String, ServerTime)
        case cancelRoom(String)
        case fired
        case shutdownAt(ServerTime)
    }

    struct RearmCase: Sendable, CustomStringConvertible {
        var name: String
        var steps: [(Step, TimerSchedule.WakeChange)]
        var description: String { name }
    }

    static let rearmCases: [RearmCase] = [
        RearmCase(name: "an earlier room timer moves the wake earlier; a later one keeps it", steps: [
            (.setRoom("AAAA-AAAA-AA", 5_000), .arm(at: 5_000)),
            (.setRoom("BBBB-BBBB-BB", 2_000), .arm(at: 2_000)),
            (.setRoom("CCCC-CCCC-CC", 3_000), .keep),
        ]),
        RearmCase(name: "a cancelled timer keeps the armed wake (one early wake, no churn)", steps: [
            (.setRoom("AAAA-AAAA-AA", 2_000), .arm(at: 2_000)),
            (.cancelRoom("AAAA-AAAA-AA"), .keep),
            (.fired, .arm(at: 60_000)),
        ]),
        RearmCase(name: "after firing, the next deadline is armed", steps: [
            (.setRoom("AAAA-AAAA-AA", 2_000), .arm(at: 2_000)),
            (.setRoom("BBBB-BBBB-BB", 4_000), .keep),
            (.fired, .arm(at: 2_000)),   // not taken yet: still the earliest
        ]),
        RearmCase(name: "a shutdown deadline before the eviction check is armed", steps: [
            (.shutdownAt(1_500), .arm(at: 1_500)),
            (.fired, .arm(at: 1_500)),
        ]),
    ]

    @Test(arguments: rearmCases)
    func rearmOnlyWhenADeadlineIsEarlierThanTheArmedOne(_ table: RearmCase) {
        var schedule = TimerSchedule(evictionCheck: 60_000)
        #expect(schedule.rearm() == .arm(at: 60_000))
        for (step, expected) in table.steps {
            switch step {
            case let .setRoom(room, at): schedule.setRoomTimer(RoomCode(room), at: at)
            case let .cancelRoom(room): schedule.cancelRoomTimer(RoomCode(room))
            case .fired: schedule.wakeFired()
            case let .shutdownAt(at): schedule.shutdownDeadline = at
            }
            #expect(schedule.rearm() == expected, "\(step)")
        }
    }

    @Test func dueRoomsAreTakenEarliestFirstAndTheRestStay() {
        var schedule = TimerSchedule()
        schedule.setRoomTimer("BBBB-BBBB-BB", at: 200)
        schedule.setRoomTimer("AAAA-AAAA-AA", at: 100)
        schedule.setRoomTimer("CCCC-CCCC-CC", at: 300)
        schedule.setRoomTimer("DDDD-DDDD-DD", at: 200)
        #expect(schedule.takeDueRooms(at: 250) == ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "DDDD-DDDD-DD"])
        #expect(schedule.takeDueRooms(at: 250) == [])
        #expect(schedule.earliest == 300)
        schedule.setRoomTimer("CCCC-CCCC-CC", at: 400)   // a new timer replaces the room's old one
        #expect(schedule.takeDueRooms(at: 300) == [])
        #expect(schedule.takeDueRooms(at: 400) == ["CCCC-CCCC-CC"])
        #expect(schedule.earliest == nil)
    }
}
