// Shell: runs the demo's simulated members. Bot state is guarded by one lock; it is touched on
// the lws SERVICE thread (messages) and on the crew's TICKER thread (time, connects). Public
// methods are called from the MAIN thread.
import Foundation
import SwipeClientCore
import SwipeCore
import SwipeProtocol

/// The simulated members of `swipe demo`: one creates the room, the others join it, and all
/// vote with human-like delays.
///
/// ```swift
/// let crew = try DemoCrew(url: try WebSocketURL(parsing: "ws://127.0.0.1:7681/"), human: "You", count: 3)
/// let code = crew.waitForRoom(timeout: 5)   // the room the human then joins
/// crew.stop()
/// ```
public final class DemoCrew: @unchecked Sendable {
    static let names = [("Maya", 0.7), ("Theo", 0.45), ("Ines", 0.6)]
    private let lock = NSLock()
    private var bots: [DemoBot]
    private var connections: [ConnectionID: Int] = [:]
    private var joinersConnected = false
    private var created: RoomCode?
    private var running = true
    private let url: WebSocketURL
    private var loop: WebSocketClientLoop?
    private var ticker: Thread?
    private let roomReady = DispatchSemaphore(value: 0)

    /// Starts the bots' network loop and the host bot's connection (it creates the room, with `layout`).
    ///
    /// ```swift
    /// let crew = try DemoCrew(url: url, human: "You", count: 2, layout: .koloda)
    /// ```
    public init(url: WebSocketURL, human: String, count: Int, deck: String = "movies", layout: RoomLayout = .stack) throws {
        self.url = url
        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        bots = Self.names.prefix(max(1, min(3, count))).enumerated().map { index, entry in
            DemoBot(name: entry.0, seed: seed &+ UInt64(index), likeBias: entry.1)
        }
        bots[0].creates = CreateRoom(name: bots[0].name, deck: deck, rule: .majority, pacing: .lockstep, layout: layout)
        bots[0].startsWhenJoinedBy = human
        loop = try WebSocketClientLoop { [weak self] event in self?.handle(event) }
        if let loop { connections[loop.connect(url)] = 0 }
        let thread = Thread { [weak self] in self?.tickLoop() }
        thread.name = "swipe-demo-bots"
        ticker = thread
        thread.start()
    }

    /// Waits until the host bot's room exists; nil after `timeout` seconds.
    ///
    /// ```swift
    /// guard let code = crew.waitForRoom(timeout: 10) else { return }
    /// ```
    public func waitForRoom(timeout: Double) -> RoomCode? {
        guard roomReady.wait(timeout: .now() + timeout) == .success else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return created
    }

    /// Closes every bot connection and stops the threads.
    ///
    /// ```swift
    /// crew.stop()
    /// ```
    public func stop() {
        lock.lock()
        running = false
        lock.unlock()
        loop?.shutdown()
        loop = nil
    }

    private func handle(_ event: WebSocketClientEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case let .connected(id):
            guard let index = connections[id] else { return }
            perform(bots[index].handle(.connected), for: index, on: id)
        case let .message(id, bytes):
            guard let index = connections[id], case let .success(message) = WireCodec.decodeServer(bytes) else { return }
            perform(bots[index].handle(.server(message)), for: index, on: id)
        case let .closed(id, _, _), let .connectFailed(id, _, _):
            connections[id] = nil
        }
    }

    /// Called with the lock held.
    private func perform(_ effects: [DemoBot.Effect], for index: Int, on id: ConnectionID) {
        for effect in effects {
            switch effect {
            case let .send(message):
                if let bytes = try? WireCodec.encode(message) { loop?.send(bytes, on: id) }
            case let .roomCreated(code):
                created = code
                for i in bots.indices where i != index { bots[i].setRoom(code) }
                roomReady.signal()
            }
        }
    }

    private func tickLoop() {
        while true {
            lock.lock()
            guard running, let loop else {
                lock.unlock()
                return
            }
            if created != nil, !joinersConnected {
                joinersConnected = true
                for index in bots.indices.dropFirst() { connections[loop.connect(url)] = index }
            }
            let now = Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000
            for (id, index) in connections { perform(bots[index].handle(.tick(now: now)), for: index, on: id) }
            lock.unlock()
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
