import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

@Suite struct StackLayoutTests {
    @Test(arguments: [1, 2, 3])
    func cardsKeepTheirSizeHoweverManyAreVisible(_ count: Int) {
        for index in 0..<count {
            #expect(StackMotion.frame(forCardAt: index, visibleCount: count, layout: .stack) == StackMotion.frame(forCardAt: index, visibleCount: 3, layout: .stack))
        }
    }

    /// Where the top card's corners are drawn (first ╭ and first ╰ on screen).
    static func topCardCorners(_ frame: Frame) -> [String] {
        frame.plainText.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { row, line in
            if let c = line.firstIndex(of: "╭") { return "╭ \(row) \(line.distance(from: line.startIndex, to: c))" }
            if let c = line.firstIndex(of: "╰") { return "╰ \(row) \(line.distance(from: line.startIndex, to: c))" }
            return nil
        }.reduce(into: [String]()) { out, mark in
            if !out.contains(where: { $0.first == mark.first }) { out.append(mark) }
        }
    }

    /// Between a local swipe and the server's new window the next card sits where it will stay:
    /// nothing jumps when the window arrives.
    @Test(arguments: [TermSize(columns: 80, rows: 24), TermSize(columns: 120, rows: 40)], RoomLayout.allCases)
    func theNextCardDoesNotJumpWhenTheServersWindowArrives(_ size: TermSize, _ layout: RoomLayout) {
        var model = Fixtures.model(size: size, pacing: .free, layout: layout)
        update(&model, .key(.right))
        update(&model, .tick(now: 1000 + 400))
        #expect(model.leaving.isEmpty && model.playing.isEmpty)
        let before = Self.topCardCorners(view(model, size: size))
        let next = Card(id: "heat", title: "Heat")
        update(&model, .server(.voteAccepted(VoteAccepted(card: "dune", vote: .like, seq: 1,
                                                          visible: [Fixtures.cards[1], Fixtures.cards[2], next], remaining: 9))))
        update(&model, .tick(now: 1000 + 1400))
        #expect(model.room?.visible.count == 3)
        #expect(Self.topCardCorners(view(model, size: size)) == before)
        #expect(before.count == 2)
    }
}
