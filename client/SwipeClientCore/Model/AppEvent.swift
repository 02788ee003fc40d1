import SwipeCore
import SwipeProtocol

/// A key the client reacts to.
///
/// ```swift
/// let quit = Key.character("q")
/// ```
public enum Key: Hashable, Sendable {
    case left, right, up, down, escape, enter
    case pageUp, pageDown, home, end
    /// Backspace (or Delete as many terminals send it): erases in the proposal editor.
    case backspace
    /// Ctrl-C typed in raw mode: quits, even while text is being typed.
    case interrupt
    case character(Character)
}

/// Everything that can happen to the client: input, time, the network.
///
/// ```swift
/// var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "ABCD", role: nil)),
///                      size: TermSize(columns: 80, rows: 24))
/// let effects = update(&model, .key(.right))
/// ```
public enum AppEvent: Hashable, Sendable {
    case key(Key)
    /// Mouse button 1 pressed, moved while held, released (0-based cell coordinates).
    case mousePressed(row: Int, column: Int)
    case mouseDragged(row: Int, column: Int)
    case mouseReleased(row: Int, column: Int)
    case resized(TermSize)
    /// Local monotonic time in milliseconds; the shell sends one before each batch of events.
    case tick(now: Double)
    case server(ServerMessage)
    /// A frame from the server that did not decode (the text says why).
    case serverGarbled(String)
    /// The WebSocket is open (not yet in the room).
    case connected
    /// The WebSocket closed or could not open.
    case disconnected(reason: String)
    /// The server answered the WebSocket upgrade with a refusal; `reason` is its message and status,
    /// e.g. "your address holds 256 connections already (429)".
    case connectionRefused(reason: String)
    /// The shell wrote the host's export (or could not).
    case exported(ExportOutcome)
    /// A card picture was fetched and decoded off the main thread.
    case pictureArrived(DecodedPictureRef)
    /// A card picture could not be fetched or decoded: the card keeps its glyph.
    case pictureFailed(etag: String)
    /// A picture's cells were drawn off the main thread at a size a frame asked for: kept in the
    /// model (``PictureShelf``), the next frame shows them.
    case pictureCellsReady(PictureCellsRequest, PictureCells)
    /// A resting picture's kitty or sixel bytes were drawn off the main thread: the next turn of
    /// the loop writes them (nothing in the model changes).
    case picturePixelsReady(PixelBytesRequest)
    /// A frame wanted a picture's cells at a size not drawn yet (``Frame/pictureCellsWanted``):
    /// `update` asks for them (``AppEffect/drawPictureCells(_:_:)``); the model does not change.
    case frameWantsPictureCells(PictureCellsRequest)
}

/// What `update` asks the shells to do.
///
/// ```swift
/// AppEffect.send(.ping(Ping(t: 0)))
/// ```
public enum AppEffect: Hashable, Sendable {
    case send(ClientMessage)
    /// Open the WebSocket (first time or a retry).
    case connect
    /// Close the WebSocket.
    case disconnect
    /// Write the host's export (`results.csv` and the ranking as JSON) to files named after the room.
    case writeExport(Results, room: RoomCode)
    /// Leave the program with this status and stderr line (the terminal is restored by the shell).
    case exit(ClientExit)
    /// Keep this member's resume token on this machine, so `swipe join` of the room under the same
    /// name comes back as them (after a crash, a closed terminal, or quitting).
    case rememberMember(room: RoomCode, token: String)
    /// The member is over (kicked, the room closed, the token refused): forget the kept token.
    case forgetMember(room: RoomCode)
    /// Fetch a card's picture (`GET /rooms/CODE/cards/ID/picture`, or the disk cache) and decode
    /// it off the main thread; `.pictureArrived` or `.pictureFailed` comes back.
    case fetchPicture(etag: String, room: RoomCode, card: CardID)
    /// Draw a picture's cells at the size a frame wanted, off the main thread; `.pictureCellsReady`
    /// comes back.
    case drawPictureCells(PictureCellsRequest, DecodedPictureRef)
}
