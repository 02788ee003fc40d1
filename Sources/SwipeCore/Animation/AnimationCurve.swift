/// How an animation moves from its start to its end over time.
///
/// `spring` takes POP's parameters (bounciness, speed) and is converted exactly as POP does
/// (see `SpringParameters`). Encoded in JSON as `{"kind":"spring","bounciness":9,"speed":16}`,
/// `{"kind":"cubicBezier","x1":…,"y1":…,"x2":…,"y2":…}` or `{"kind":"linear"}`.
///
/// ```swift
/// let kolodaBackground = AnimationCurve.spring(bounciness: 9, speed: 16)
/// let uikitDefault = AnimationCurve.easeInOut
/// ```
public enum AnimationCurve: Hashable, Sendable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    case spring(bounciness: Double, speed: Double)

    /// POP's default spring: bounciness 4, speed 12.
    ///
    /// ```swift
    /// AnimationCurve.popDefaultSpring == .spring(bounciness: 4, speed: 12)   // true
    /// ```
    public static let popDefaultSpring = AnimationCurve.spring(bounciness: 4, speed: 12)

    /// Koloda v2's background-card spring: bounciness 9, speed 16.
    ///
    /// ```swift
    /// AnimationCurve.kolodaBackgroundSpring == .spring(bounciness: 9, speed: 16)   // true
    /// ```
    public static let kolodaBackgroundSpring = AnimationCurve.spring(bounciness: 9, speed: 16)
}

extension AnimationCurve: Codable {
    private enum CodingKeys: String, CodingKey { case kind, x1, y1, x2, y2, bounciness, speed }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInOut": self = .easeInOut
        case "cubicBezier":
            self = .cubicBezier(
                x1: try c.decode(Double.self, forKey: .x1), y1: try c.decode(Double.self, forKey: .y1),
                x2: try c.decode(Double.self, forKey: .x2), y2: try c.decode(Double.self, forKey: .y2))
        case "spring":
            self = .spring(
                bounciness: try c.decode(Double.self, forKey: .bounciness), speed: try c.decode(Double.self, forKey: .speed))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c,
                debugDescription: "unknown curve \"\(kind)\" (expected linear, easeIn, easeOut, easeInOut, cubicBezier, spring)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .linear: try c.encode("linear", forKey: .kind)
        case .easeIn: try c.encode("easeIn", forKey: .kind)
        case .easeOut: try c.encode("easeOut", forKey: .kind)
        case .easeInOut: try c.encode("easeInOut", forKey: .kind)
        case let .cubicBezier(x1, y1, x2, y2):
            try c.encode("cubicBezier", forKey: .kind)
            try c.encode(x1, forKey: .x1)
            try c.encode(y1, forKey: .y1)
            try c.encode(x2, forKey: .x2)
            try c.encode(y2, forKey: .y2)
        case let .spring(bounciness, speed):
            try c.encode("spring", forKey: .kind)
            try c.encode(bounciness, forKey: .bounciness)
            try c.encode(speed, forKey: .speed)
        }
    }
}
