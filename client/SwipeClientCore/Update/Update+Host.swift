import SwipeCore
import SwipeProtocol

/// The host's keys: `s` start (lobby), `n` skip the current card (lockstep), `R` reveal, `K` kick
/// (member picker), `C` close, `e` export, `F` final round and `A` accept the leader (deck done,
/// no winner yet), `L` lock
/// or unlock the room (no new members while locked). Reveal,
/// kick, close, the final round and accept ask y/n first.
extension AppModel {
    /// Whether this member hosts the room.
    ///
    /// ```swift
    /// model.isHost   // true for the member who created the room
    /// ```
    public var isHost: Bool { myInfo?.role == .host }

    /// Everyone the host could remove: the other members, in join order.
    ///
    /// ```swift
    /// model.kickCandidates.map(\.name)   // ["Bo", "Cy"]
    /// ```
    public var kickCandidates: [MemberInfo] {
        (room?.members ?? []).filter { $0.id != me }.sorted { $0.id < $1.id }
    }

    /// A host key, or nil when `key` is not one (or this member is not the host).
    mutating func hostKey(_ key: Key) -> [AppEffect]? {
        guard isHost, let room else { return nil }
        switch key {
        case .character("s"):
            guard room.phase == .lobby else { return nil }
            return sendIfOnline(.host(HostCommand(command: .start)))
        case .character("n"):
            guard room.phase == .voting, room.pacing == .lockstep else {
                notice = Notice(text: "skip works on the current card of a lockstep room", shownAt: now)
                return []
            }
            return sendIfOnline(.host(HostCommand(command: .skip)))
        case .character("R"):
            guard room.phase != .finished else { return [] }
            hostPrompt = .confirm(.reveal, member: nil)
            return []
        case .character("K"):
            guard !kickCandidates.isEmpty else {
                notice = Notice(text: "nobody else is in the room", shownAt: now)
                return []
            }
            hostPrompt = .pickMember(selected: 0)
            return []
        case .character("C"):
            hostPrompt = .confirm(.close, member: nil)
            return []
        case .character("e"):
            if let restriction = options.restriction {
                // The SSH gateway writes nothing on its host: the room's links, on the address
                // members reach (the gateway's own 127.0.0.1 would mean nothing to them).
                guard let server = restriction.publicServer else {
                    notice = Notice(text: "the results are at /rooms/\(room.code.rawValue)/results.csv on the server "
                                    + "(this gateway has no public address: ask its operator)", shownAt: now)
                    return []
                }
                notice = Notice(text: Self.listed("results: ", ClientRestriction.resultsLinks(server: server, room: room.code)), shownAt: now)
                return []
            }
            exportRequested = true
            notice = Notice(text: "exporting the results…", shownAt: now)
            return sendIfOnline(.host(HostCommand(command: .export)))
        case .character("F"):
            guard room.pacing == .lockstep else {
                notice = Notice(text: "a free room has no final round: A accepts the card that leads", shownAt: now)
                return []
            }
            guard room.phase == .finished, room.winner == nil else {
                notice = Notice(text: "a final round starts once the deck is done, until one card wins", shownAt: now)
                return []
            }
            hostPrompt = .confirm(.finalRound, member: nil)
            return []
        case .character("A"):
            guard room.phase == .finished, room.winner == nil else {
                notice = Notice(text: "once the deck is done, A accepts the card that leads as the group's choice", shownAt: now)
                return []
            }
            hostPrompt = .confirm(.accept, member: nil)
            return sendIfOnline(.results)   // the leader's title for the question, fresh
        case .character("L"):
            guard room.phase != .closed else { return [] }
            return sendIfOnline(.host(HostCommand(command: room.locked == true ? .unlock : .lock)))
        case .left, .right, .up, .down, .escape, .enter, .pageUp, .pageDown, .home, .end, .backspace, .interrupt, .character:
            return nil
        }
    }

    /// A key while a host prompt is open: the picker moves with ↑↓ j k and takes Enter; a
    /// confirmation takes y; Esc, n or q cancels.
    mutating func promptKey(_ key: Key, prompt: HostPrompt) -> [AppEffect] {
        switch prompt {
        case let .pickMember(selected):
            let count = kickCandidates.count
            guard count > 0 else { hostPrompt = nil; return [] }
            switch key {
            case .up, .character("k"): hostPrompt = .pickMember(selected: (selected + count - 1) % count)
            case .down, .character("j"): hostPrompt = .pickMember(selected: (selected + 1) % count)
            case .enter: hostPrompt = .confirm(.kick, member: kickCandidates[min(selected, count - 1)].id)
            case .left, .right, .escape, .pageUp, .pageDown, .home, .end, .backspace, .interrupt, .character: hostPrompt = nil
            }
            return []
        case let .confirm(action, member):
            hostPrompt = nil
            guard key == .character("y") || key == .character("Y") else { return [] }
            return sendIfOnline(.host(HostCommand(command: action, member: member)))
        }
    }

    /// The host's export arrived (`results` with `csv`): write it out.
    mutating func exportArrived(_ results: Results) -> [AppEffect] {
        guard exportRequested, results.csv != nil else { return [] }
        exportRequested = false
        return [.writeExport(results, room: room?.code ?? RoomCode(joinCode))]
    }

    /// The shell wrote the export (or could not).
    mutating func exportFinished(_ outcome: ExportOutcome) {
        switch outcome {
        case let .written(paths):
            notice = Notice(text: Self.listed("saved ", paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }), shownAt: now)
        case let .failed(reason): notice = Notice(text: "export failed: " + TextMetrics.clean(reason), shownAt: now)
        }
    }
}

extension AppModel {
    /// Files or links on the narrow status line: `prefix`, the first whole, then the others'
    /// extensions ("saved a.csv and .json").
    static func listed(_ prefix: String, _ names: [String]) -> String {
        let others = names.dropFirst().map { "." + ($0.split(separator: ".").last.map(String.init) ?? $0) }
        return prefix + ([names.first ?? ""] + others).joined(separator: " and ")
    }
}

/// What became of an export the shell was asked to write.
///
/// ```swift
/// ExportOutcome.written(["swipe-results-K7QM.csv", "swipe-results-K7QM.json"])
/// ```
public enum ExportOutcome: Hashable, Sendable {
    case written([String])
    case failed(String)
}
