import SwipeCore

/// Writes the server messages sent on every vote, drag and resolution straight to bytes, exactly as
/// `JSONEncoder` with sorted keys writes them, at a fraction of the cost: one buffer, keys written in
/// their sorted order by hand, no `Encoder` containers. It covers every message but `welcome`,
/// `results`, `roomClosed` and `error` (rare, and large or free-form), for which it returns nil and
/// the caller uses `JSONEncoder`; also nil when a number is not finite (`JSONEncoder` refuses those).
/// `HotJSONTests` compares both writers over thousands of random messages of every covered kind.
///
/// ```swift
/// let tally = Tally(card: "dune", likes: 1, nopes: 0, superLikes: 0, voted: 1, eligible: 3)
/// HotJSONWriter.encode(.tally(tally))
/// // {"card":"dune","eligible":3,"likes":1,"nopes":0,"superLikes":0,"type":"tally","voted":1}
/// HotJSONWriter.encode(.roomClosed(RoomClosed(reason: "bye")))   // nil: left to JSONEncoder
/// ```
public enum HotJSONWriter {
    /// The message's JSON, or nil when it is one this writer leaves to JSONEncoder.
    public static func encode(_ message: ServerMessage) -> [UInt8]? {
        var json = JSONBytes()
        json.open()
        switch message {
        case let .cardState(state): write(state, to: &json)
        case let .tally(tally):
            write(tally, to: &json, type: "tally")
        case let .memberUpdated(member): write(member, to: &json, type: "memberUpdated")
        case let .memberJoined(member): write(member, to: &json, type: "memberJoined")
        case let .memberLeft(ref): write(ref, to: &json, type: "memberLeft")
        case let .memberOnline(ref): write(ref, to: &json, type: "memberOnline")
        case let .memberOffline(ref): write(ref, to: &json, type: "memberOffline")
        case let .animation(animation): write(animation, to: &json)
        case let .voteAccepted(accepted): write(accepted, to: &json)
        case let .cardResolved(resolved):
            if let animations = resolved.animations {
                json.key("animations"); json.array(animations) { json, animation in
                    json.open(); write(animation, to: &json, asMessage: false); json.close()
                }
            }
            json.key("card"); json.string(resolved.card.rawValue)
            if let matched = resolved.matched { json.key("matched"); write(matched, to: &json) }
            json.key("outcome"); json.string(resolved.outcome.rawValue)
            json.key("remaining"); json.integer(resolved.remaining)
            json.key("tally"); json.open(); write(resolved.tally, to: &json, type: nil); json.close()
            json.key("type"); json.string("cardResolved")
            json.key("visible"); json.array(resolved.visible) { json, card in write(card, to: &json) }
        case let .match(match):
            json.key("card"); write(match.card, to: &json)
            json.key("tally"); json.open(); write(match.tally, to: &json, type: nil); json.close()
            json.key("type"); json.string("match")
        case let .phase(changed):
            if let deadline = changed.deadline { json.key("deadline"); json.number(deadline) }
            json.key("phase"); json.string(changed.phase.rawValue)
            json.key("type"); json.string("phase")
        case let .pong(pong):
            json.key("serverTime"); json.number(pong.serverTime)
            json.key("t"); json.number(pong.t)
            json.key("type"); json.string("pong")
        case .welcome, .results, .roomClosed, .error, .proposalAdded, .proposalRemoved, .winner, .roomLocked, .pictureReceived:
            return nil
        }
        json.close()
        return json.bytes
    }

    private static func write(_ state: CardState, to json: inout JSONBytes) {
        json.key("card"); json.string(state.card.rawValue)
        if let center = state.center {
            json.key("center"); json.open()
            json.key("x"); json.number(center.x)
            json.key("y"); json.number(center.y)
            json.close()
        }
        if let direction = state.direction { json.key("direction"); json.string(direction.rawValue) }
        json.key("member"); json.string(state.member.rawValue)
        json.key("phase"); json.string(state.phase.rawValue)
        json.key("progress"); json.number(state.progress)
        json.key("rotation"); json.number(state.rotation)
        if let scale = state.scale { json.key("scale"); json.number(scale) }
        json.key("serverTime"); json.number(state.serverTime)
        json.key("type"); json.string("cardState")
        json.key("x"); json.number(state.x)
        json.key("y"); json.number(state.y)
    }

    /// A tally's fields; `type` is written in its sorted place when the tally is the message itself.
    private static func write(_ tally: Tally, to json: inout JSONBytes, type: String?) {
        json.key("card"); json.string(tally.card.rawValue)
        json.key("eligible"); json.integer(tally.eligible)
        json.key("likes"); json.integer(tally.likes)
        json.key("nopes"); json.integer(tally.nopes)
        json.key("superLikes"); json.integer(tally.superLikes)
        if let type { json.key("type"); json.string(type) }
        json.key("voted"); json.integer(tally.voted)
        if let voter = tally.voter { json.key("voter"); json.string(voter.rawValue) }
        if let voted = tally.voterVotedCurrent { json.key("voterVotedCurrent"); json.boolean(voted) }
        if let cast = tally.voterVotesCast { json.key("voterVotesCast"); json.integer(cast) }
    }

    private static func write(_ member: MemberInfo, to json: inout JSONBytes, type: String) {
        json.key("id"); json.string(member.id.rawValue)
        json.key("name"); json.string(member.name)
        json.key("online"); json.boolean(member.online)
        json.key("role"); json.string(member.role.rawValue)
        if let tag = member.tag { json.key("tag"); json.string(tag) }   // sorted: "tag" before "type"
        json.key("type"); json.string(type)
        json.key("votedCurrent"); json.boolean(member.votedCurrent)
        json.key("votesCast"); json.integer(member.votesCast)
    }

    private static func write(_ ref: MemberRef, to json: inout JSONBytes, type: String) {
        json.key("member"); json.string(ref.member.rawValue)
        json.key("type"); json.string(type)
    }

    private static func write(_ accepted: VoteAccepted, to json: inout JSONBytes) {
        json.key("card"); json.string(accepted.card.rawValue)
        if let remaining = accepted.remaining { json.key("remaining"); json.integer(remaining) }
        if let seq = accepted.seq { json.key("seq"); json.integer(seq) }
        json.key("type"); json.string("voteAccepted")
        json.key("undone"); json.boolean(accepted.undone)
        if let visible = accepted.visible { json.key("visible"); json.array(visible) { json, card in write(card, to: &json) } }
        if let vote = accepted.vote { json.key("vote"); json.string(vote.rawValue) }
    }
}
