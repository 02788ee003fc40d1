import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeClientCore

/// Card pictures go through `update` both ways, as a TCA test store would check them: the fetch
/// and the drawing of cells are effects `update` returns, and their answers come back as events;
/// nothing outside `update` marks a picture as asked for.
@Suite struct UpdatePicturesTests {
    static let size = TermSize(columns: 80, rows: 24)
    static let fetch = AppEffect.fetchPicture(etag: SampleScenes.pictureETag, room: "K7QM-X4TD-9R", card: "dune")

    static func fetches(_ effects: [AppEffect]) -> [AppEffect] {
        effects.filter { if case .fetchPicture = $0 { true } else { false } }
    }

    /// The welcome that shows a card with a picture asks for it once; later events do not ask again.
    @Test func theWelcomeAsksForThePicturesInViewOnce() throws {
        var options = ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil))
        options.pictures = .symbols
        var model = AppModel(options: options, size: Self.size)
        update(&model, .tick(now: 1000))
        update(&model, .connected)
        let room = try #require(SampleScenes.withPicture(size: Self.size, colours: .truecolor).room)
        let welcome = Welcome(you: "m2", token: "tok-1", serverTime: 50_000, room: room)
        #expect(Self.fetches(update(&model, .server(.welcome(welcome)))) == [Self.fetch])
        #expect(model.pictures.states[SampleScenes.pictureETag] == .requested)
        #expect(Self.fetches(update(&model, .tick(now: 1016))) == [])
        #expect(Self.fetches(update(&model, .server(.welcome(welcome)))) == [], "asked for already")
    }

    /// With pictures off nothing is fetched.
    @Test func picturesOffFetchNothing() {
        var model = SampleScenes.withPicture(size: Self.size, colours: .truecolor, arrived: false)
        model.options.pictures = .off
        #expect(Self.fetches(update(&model, .tick(now: 1016))) == [])
        #expect(model.pictures.states.isEmpty)
    }

    /// A fetch's answer is the model's, and a failed picture is not asked for again.
    @Test func answersComeBackAsEvents() {
        var model = SampleScenes.withPicture(size: Self.size, colours: .truecolor, arrived: false)
        #expect(Self.fetches(update(&model, .tick(now: 1016))) == [Self.fetch])
        #expect(update(&model, .pictureFailed(etag: SampleScenes.pictureETag)) == [])
        #expect(model.pictures.states[SampleScenes.pictureETag] == .failed)
        #expect(Self.fetches(update(&model, .tick(now: 1032))) == [])
        let arrived = DecodedPictureRef(etag: SampleScenes.pictureETag, picture: SampleScenes.picture)
        #expect(update(&model, .pictureArrived(arrived)) == [])
        #expect(model.pictures.picture(SampleScenes.pictureETag) == arrived)
    }

    /// The cells a frame wanted are drawn through an effect, and only while they are not drawn.
    @Test func cellsAFrameWantsAreAnEffect() throws {
        var model = SampleScenes.withPicture(size: Self.size, colours: .truecolor)
        let wanted = try #require(view(model, size: Self.size).pictureCellsWanted)
        let picture = try #require(model.pictures.picture(wanted.etag))
        let before = model
        #expect(update(&model, .frameWantsPictureCells(wanted)) == [.drawPictureCells(wanted, picture)])
        #expect(model == before, "asking changes nothing in the model")
        let cells = PictureCells(columns: wanted.columns, rows: wanted.rows,
                                 cells: Array(repeating: Cell(grapheme: "▀"), count: wanted.columns * wanted.rows))
        #expect(update(&model, .pictureCellsReady(wanted, cells)) == [])
        #expect(view(model, size: Self.size).pictureCellsWanted == nil)
        #expect(update(&model, .frameWantsPictureCells(wanted)) == [], "drawn already")
        var unknown = wanted
        unknown.etag = "p-never-arrived"
        #expect(update(&model, .frameWantsPictureCells(unknown)) == [], "no picture to draw from")
    }

    /// A resize is an event like any other: its effects (the picture fetches among them) are returned.
    @Test func aResizeReturnsItsEffects() {
        var model = SampleScenes.withPicture(size: Self.size, colours: .truecolor, arrived: false)
        #expect(update(&model, .resized(TermSize(columns: 120, rows: 40))) == [Self.fetch])
        #expect(model.size == TermSize(columns: 120, rows: 40))
    }
}
