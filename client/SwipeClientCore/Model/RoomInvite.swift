import SwipeProtocol

/// The line a host shares so others can join: `swipe join ws://HOST:PORT/CODE --name NAME`.
///
/// ```swift
/// let server = WebSocketURL(scheme: .ws, host: "127.0.0.1", port: 7681)
/// RoomInvite.command(server: server, room: "K7QM-X4TD-9R")
/// // "swipe join ws://127.0.0.1:7681/K7QM-X4TD-9R --name NAME"
/// ```
public enum RoomInvite {
    /// The join command for a room on a server (the server's own path is replaced by the code).
    ///
    /// ```swift
    /// RoomInvite.command(server: server, room: "ABCD")   // "swipe join ws://127.0.0.1:7681/ABCD --name NAME"
    /// ```
    public static func command(server: WebSocketURL, room: RoomCode) -> String {
        var address = server
        address.path = "/" + room.rawValue
        return "swipe join \(address) --name NAME"
    }

    /// The SSH gateway's join line for a room: the server's `--ssh-join` line, then the code.
    ///
    /// ```swift
    /// RoomInvite.sshCommand(sshJoin: "ssh -t -p 2222 swipe@example.org", room: "ABCD")   // "ssh -t -p 2222 swipe@example.org ABCD"
    /// ```
    public static func sshCommand(sshJoin: String, room: RoomCode) -> String {
        "\(sshJoin) \(room.rawValue)"
    }

    /// Every line the lobby shows: `swipe join …` when the server's address is shown, then the
    /// ssh line when the server has a gateway.
    ///
    /// ```swift
    /// RoomInvite.commands(server: nil, sshJoin: "ssh -t -p 2222 swipe@example.org", room: "ABCD")
    /// // ["ssh -t -p 2222 swipe@example.org ABCD"]
    /// ```
    public static func commands(server: WebSocketURL?, sshJoin: String?, room: RoomCode) -> [String] {
        (server.map { [command(server: $0, room: room)] } ?? []) + (sshJoin.map { [sshCommand(sshJoin: $0, room: room)] } ?? [])
    }
}
