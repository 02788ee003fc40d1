import SwipeCore
import SwipeProtocol

/// The results screen's keys: scrolling (↑↓ j k, PgUp PgDn, Home End g G) and the who-voted-what
/// toggle (v). The scroll position counts lines of the ranking list.
extension AppModel {
    /// Lines of the ranking one screen shows (between the title and the footer).
    ///
    /// ```swift
    /// model.resultsPageLines   // 17 at 80×24
    /// ```
    public var resultsPageLines: Int { max(1, size.rows - 7) }

    /// Lines each card takes: its row, and with `showingVotes` a line of who voted what.
    public var resultsLinesPerCard: Int { showingVotes ? 2 : 1 }

    /// Lines on the results screen: each card's, and with final rounds a heading for the winner,
    /// each round (its cards) and the deck.
    var resultsLineCount: Int {
        guard let results else { return 0 }
        let rounds = results.rounds ?? []
        let cards = results.ranking.count + rounds.reduce(0) { $0 + $1.ranking.count }
        let undecided = results.winner == nil && results.final && room?.phase == .finished && !results.ranking.isEmpty
        let headings = (results.winner != nil || undecided ? 1 : 0) + (rounds.isEmpty ? 0 : rounds.count + 1)
        return cards * resultsLinesPerCard + headings
    }

    /// The furthest the list scrolls: its last line at the bottom of the page.
    ///
    /// ```swift
    /// model.maxResultsScroll   // 23 for 40 cards at 80×24
    /// ```
    public var maxResultsScroll: Int {
        max(0, resultsLineCount - resultsPageLines)
    }

    /// A key on the results screen, or nil when it is not a results key.
    mutating func resultsKey(_ key: Key) -> [AppEffect]? {
        let page = resultsPageLines
        switch key {
        case .up, .character("k"): scrollResults(to: resultsScroll - 1)
        case .down, .character("j"): scrollResults(to: resultsScroll + 1)
        case .pageUp: scrollResults(to: resultsScroll - page)
        case .pageDown, .character(" "): scrollResults(to: resultsScroll + page)
        case .home, .character("g"): scrollResults(to: 0)
        case .end, .character("G"): scrollResults(to: maxResultsScroll)
        case .character("v"):
            // Keep the same card at the top when the lines per card change.
            let topCard = resultsScroll / resultsLinesPerCard
            showingVotes.toggle()
            scrollResults(to: topCard * resultsLinesPerCard)
        case .left, .right, .escape, .enter, .backspace, .interrupt, .character:
            return nil
        }
        return []
    }

    mutating func scrollResults(to line: Int) {
        resultsScroll = min(max(0, line), maxResultsScroll)
    }
}
