import Foundation
import SwipeCore
import SwipeProtocol

extension Room {
    /// The longest display name kept (longer names are cut).
    static let maxNameLength = 32

    /// A name as a member gets it: control characters removed, cut to `maxNameLength`, trimmed.
    ///
    /// ```swift
    /// Room.displayName("  Bo\u{7} ")   // "Bo"
    /// ```
    static func displayName(_ name: String) -> String {
        CoreBridge.limited(CoreBridge.clean(name), maxCharacters: maxNameLength).trimmingCharacters(in: .whitespaces)
    }

    /// How a removed member's name is compared with a later join's: the display name, case-folded,
    /// so "Cy", "cy" and "CY " are one name.
    ///
    /// ```swift
    /// Room.nameKey("Cy") == Room.nameKey("cy")   // true
    /// ```
    static func nameKey(_ name: String) -> String { displayName(name).lowercased() }

    mutating func connect(_ connection: ConnectionID, _ join: JoinRoom, freshToken: String, asHost: Bool,
                          at now: ServerTime) -> [RoomEffect] {
        let verb = asHost ? "create" : "join"   // errors name the message that was sent
        func refuse(_ code: ErrorCode, _ message: String) -> [RoomEffect] {
            [.reply(.error(ProtocolError(code, message)), to: connection)]
        }
        if phase == .closed { return refuse(.roomClosed, "\(verb): room \(self.code) is closed") }
        if let token = join.token {
            guard let index = members.firstIndex(where: { $0.token == token }) else {
                return refuse(.badToken, "\(verb): the resume token is not valid in room \(self.code)")
            }
            return resume(index, on: connection, tag: join.keyTag, at: now)
        }
        if locked && !asHost {
            return refuse(.notAllowed, "\(verb): the host has locked room \(self.code); no new members until they unlock it")
        }
        let name = Self.displayName(join.name)
        if name.isEmpty { return refuse(.badField, "\(verb): field \"name\" is empty (after removing control characters)") }
        if removedNames.contains(Self.nameKey(name)) {
            return refuse(.notAllowed, "\(verb): the host removed \(name) from room \(self.code); that name cannot join it again")
        }
        // One name, one member: a second "Ann" without Ann's token is someone else.
        if members.contains(where: { Self.nameKey($0.name) == Self.nameKey(name) }) {
            return refuse(.nameTaken, "\(verb): \(name) is already a member of room \(self.code); choose another name")
        }
        let role: Role
        switch join.role ?? .member {
        case .host:
            guard asHost, !hostCreated else {
                return refuse(.notAllowed, "\(verb): role \"host\" belongs to the room's creator; join as member or spectator")
            }
            role = .host
            hostCreated = true
        case .member: role = .member
        case .spectator: role = .spectator
        }
        if members.count >= settings.maxMembers {
            return refuse(.roomFull, "\(verb): room \(self.code) is full (\(settings.maxMembers) members)")
        }
        let before = currentTally
        let id = MemberID("m\(nextMemberNumber)")
        nextMemberNumber += 1
        members.append(Member(id: id, name: name, role: role, token: freshToken, online: true))
        members[members.count - 1].tag = join.keyTag.flatMap { KeyTag.isTag($0) ? $0 : nil }
        let info = memberInfo(members[members.count - 1])
        return [
            log(.memberJoined(member: id, name: name, role: role, token: freshToken), at: now),
            .bind(connection, id),
            .send(.welcome(welcome(for: id, at: now)), to: id),
            .broadcast(.memberJoined(info), except: id),
        ] + eligibilityChanged(from: before) + handOverHostIfGone(at: now)
    }

    private mutating func resume(_ index: Int, on connection: ConnectionID, tag: String?, at now: ServerTime) -> [RoomEffect] {
        let id = members[index].id
        var effects: [RoomEffect] = []
        let retagged = tag.flatMap { KeyTag.isTag($0) ? $0 : nil }
        let tagChanged = retagged != nil && retagged != members[index].tag
        if tagChanged { members[index].tag = retagged }
        let wasOnline = members[index].online
        let before = currentTally
        if wasOnline {
            effects.append(.close(id, .policyViolation, reason: "replaced by a newer connection"))
        } else {
            members[index].online = true
            members[index].awaitingReturn = false
            effects.append(log(.memberOnline(member: id), at: now))
        }
        effects.append(.bind(connection, id))
        effects.append(.send(.welcome(welcome(for: id, at: now)), to: id))
        if !wasOnline { effects.append(.broadcast(.memberOnline(MemberRef(member: id)), except: id)) }
        if tagChanged { effects.append(.broadcast(.memberUpdated(memberInfo(members[index])), except: id)) }
        return effects + eligibilityChanged(from: before) + handOverHostIfGone(at: now)
    }

    func memberInfo(_ member: Member) -> MemberInfo {
        let votedCurrent: Bool
        switch settings.pacing {
        case .lockstep:
            votedCurrent = currentCard.map { votes[$0.id]?[member.id] != nil } ?? false
        case .free:
            votedCurrent = false
        }
        var info = MemberInfo(id: member.id, name: member.name, role: member.role, online: member.online,
                              votedCurrent: votedCurrent, votesCast: member.voteOrder.count)
        info.tag = member.tag
        return info
    }
}
