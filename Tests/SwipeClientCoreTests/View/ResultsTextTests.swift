import SwipeClientCore
import SwipeProtocol
import Testing

/// `swipe results`' text: the winner, then the ranking with its counts in words that agree with them.
@Suite struct ResultsTextTests {
    @Test func oneLikeIsALikeAndTheColumnsStayPut() {
        let results = Results(final: true, ranking: [
            ResultRow(rank: 1, card: "alien", title: "Alien", likes: 2, nopes: 0, superLikes: 0, matched: true, votes: [:]),
            ResultRow(rank: 2, card: "dune", title: "Dune", likes: 1, nopes: 1, superLikes: 0, matched: false, votes: [:]),
        ], winner: "alien", decidedBy: .onlyMatch)
        let lines = ResultsText.lines(results, room: "HBHZ-5Z9X-KF")
        #expect(lines.contains("  1. Alien  2 likes  0 nopes  match"))
        #expect(lines.contains("  2. Dune   1 like   1 nope"))
    }
}
