import SwipeCore

/// The nested values of the hot messages (animations with their curves and transforms, cards with
/// their images), each as `JSONEncoder` with sorted keys writes it.
extension HotJSONWriter {
    /// An animation: the message itself (`type` written), or one of a `cardResolved`'s `animations`.
    static func write(_ animation: CardAnimation, to json: inout JSONBytes, asMessage: Bool = true) {
        json.key("card"); json.string(animation.card.rawValue)
        json.key("curve"); write(animation.curve, to: &json)
        json.key("duration"); json.number(animation.duration)
        json.key("from"); write(animation.from, to: &json)
        if let index = animation.index { json.key("index"); json.integer(index) }
        json.key("kind"); json.string(animation.kind.rawValue)
        if let member = animation.member { json.key("member"); json.string(member.rawValue) }
        json.key("startAt"); json.number(animation.startAt)
        json.key("to"); write(animation.to, to: &json)
        if asMessage { json.key("type"); json.string("animation") }
    }

    static func write(_ curve: AnimationCurve, to json: inout JSONBytes) {
        json.open()
        switch curve {
        case .linear: json.key("kind"); json.string("linear")
        case .easeIn: json.key("kind"); json.string("easeIn")
        case .easeOut: json.key("kind"); json.string("easeOut")
        case .easeInOut: json.key("kind"); json.string("easeInOut")
        case let .cubicBezier(x1, y1, x2, y2):
            json.key("kind"); json.string("cubicBezier")
            json.key("x1"); json.number(x1)
            json.key("x2"); json.number(x2)
            json.key("y1"); json.number(y1)
            json.key("y2"); json.number(y2)
        case let .spring(bounciness, speed):
            json.key("bounciness"); json.number(bounciness)
            json.key("kind"); json.string("spring")
            json.key("speed"); json.number(speed)
        }
        json.close()
    }

    static func write(_ transform: CardTransform, to json: inout JSONBytes) {
        json.open()
        json.key("alpha"); json.number(transform.alpha)
        json.key("rotation"); json.number(transform.rotation)
        json.key("scale"); json.number(transform.scale)
        json.key("translation"); json.open()
        json.key("x"); json.number(transform.translation.x)
        json.key("y"); json.number(transform.translation.y)
        json.close()
        json.close()
    }

    static func write(_ card: Card, to json: inout JSONBytes) {
        json.open()
        if !card.body.isEmpty { json.key("body"); json.string(card.body) }
        json.key("id"); json.string(card.id.rawValue)
        if !card.image.isEmpty {
            json.key("image"); json.open()
            if !card.image.art.isEmpty { json.key("art"); json.array(card.image.art) { json, line in json.string(line) } }
            if let color = card.image.color { json.key("color"); json.string(color.description) }
            if let glyph = card.image.glyph { json.key("glyph"); json.string(glyph) }
            json.close()
        }
        if let picture = card.picture {
            json.key("picture"); json.open()
            if let etag = picture.etag { json.key("etag"); json.string(etag) }
            json.key("file"); json.string(picture.file)
            json.close()
        }
        if !card.tags.isEmpty { json.key("tags"); json.array(card.tags) { json, tag in json.string(tag) } }
        json.key("title"); json.string(card.title)
        json.close()
    }
}
