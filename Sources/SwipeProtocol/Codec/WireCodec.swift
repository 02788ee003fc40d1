import Foundation
import SwipeCore

/// Turns messages into JSON text frames and back, with errors that say exactly what was wrong.
///
/// ```swift
/// let bytes = try WireCodec.encode(ClientMessage.ping(Ping(t: 1)))
/// switch WireCodec.decodeClient(bytes) {
/// case .success(let message): print(message.type)          // "ping"
/// case .failure(let error): print(error.code, error.message)
/// }
/// ```
public enum WireCodec {
    /// Encodes any message as compact JSON with sorted keys (stable bytes for tests and logs).
    ///
    /// ```swift
    /// String(decoding: try WireCodec.encode(ServerMessage.pong(Pong(t: 1, serverTime: 2))), as: UTF8.self)
    /// // {"serverTime":2,"t":1,"type":"pong"}
    /// ```
    public static func encode<M: Encodable>(_ message: M) throws -> [UInt8] {
        try encodeWithFoundation(message)
    }

    /// Encodes a server message: all but `welcome`, `results`, `roomClosed` and `error` through
    /// `HotJSONWriter` (the same bytes as JSONEncoder writes), those four through JSONEncoder.
    ///
    /// ```swift
    /// let bytes = try WireCodec.encode(ServerMessage.tally(Tally(card: "dune", voted: 1, eligible: 3)))
    /// ```
    public static func encode(_ message: ServerMessage) throws -> [UInt8] {
        if let bytes = HotJSONWriter.encode(message) { return bytes }
        return try encodeWithFoundation(message)
    }

    /// JSONEncoder with sorted keys and unescaped slashes: the reference every message's bytes follow.
    static func encodeWithFoundation<M: Encodable>(_ message: M) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(message))
    }

    /// Decodes a client message, or says what was wrong with it.
    ///
    /// ```swift
    /// WireCodec.decodeClient(Array(#"{"type":"swipe"}"#.utf8))
    /// // .failure(missingField: "swipe: field \"card\" is missing")
    /// ```
    public static func decodeClient(_ bytes: [UInt8]) -> Result<ClientMessage, ProtocolError> {
        if let message = HotJSONReader.decode(bytes) { return .success(message) }
        return decode(ClientMessage.self, bytes)
    }

    /// Decodes a server message, or says what was wrong with it.
    ///
    /// ```swift
    /// WireCodec.decodeServer(Array(#"{"type":"pong","t":1,"serverTime":2}"#.utf8))   // .success(.pong(…))
    /// ```
    public static func decodeServer(_ bytes: [UInt8]) -> Result<ServerMessage, ProtocolError> {
        decode(ServerMessage.self, bytes)
    }

    /// Parses once on the happy path; only a message that fails is parsed again (for its type) so
    /// the error can say what was wrong.
    static func decode<M: Decodable>(_ type: M.Type, _ bytes: [UInt8]) -> Result<M, ProtocolError> {
        let data = Data(bytes)
        let failure: Error
        do {
            return .success(try JSONDecoder().decode(M.self, from: data))
        } catch {
            failure = error
        }
        let probe: TypeProbe
        do {
            probe = try JSONDecoder().decode(TypeProbe.self, from: data)
        } catch let error as DecodingError {
            return .failure(describeProbeFailure(error))
        } catch let error as ProtocolError {
            return .failure(error)
        } catch {
            return .failure(ProtocolError(.badJSON, "not valid JSON: \(error)"))
        }
        guard let typeName = probe.type else {
            return .failure(ProtocolError(.missingField, "every message needs a \"type\" field"))
        }
        switch failure {
        case let unknown as UnknownMessageType:
            return .failure(ProtocolError(
                .unknownType, "unknown message type \"\(unknown.type)\" (expected one of: \(unknown.known.joined(separator: ", ")))"))
        case let error as DecodingError:
            return .failure(describe(error, in: typeName))
        default:
            return .failure(ProtocolError(.badField, "\(typeName): \(failure)"))
        }
    }

    private struct TypeProbe: Decodable {
        var type: String?
        private enum CodingKeys: String, CodingKey { case type }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            do {
                type = try c.decodeIfPresent(String.self, forKey: .type)
            } catch {
                throw ProtocolError(.badField, "\"type\" must be a string")
            }
        }
    }

    private static func describeProbeFailure(_ error: DecodingError) -> ProtocolError {
        switch error {
        case .typeMismatch:
            return ProtocolError(.badJSON, "a message must be a JSON object")
        case let .dataCorrupted(context):
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return ProtocolError(.badJSON, "not valid JSON: \(detail ?? context.debugDescription)")
        case .keyNotFound, .valueNotFound:
            return ProtocolError(.badJSON, "a message must be a JSON object")
        @unknown default:
            return ProtocolError(.badJSON, "not valid JSON")
        }
    }

    private static func path(_ codingPath: [CodingKey]) -> String {
        codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }

    private static func describe(_ error: DecodingError, in type: String) -> ProtocolError {
        switch error {
        case let .keyNotFound(key, context):
            let full = path(context.codingPath + [key])
            return ProtocolError(.missingField, "\(type): field \"\(full)\" is missing")
        case let .valueNotFound(_, context):
            return ProtocolError(.missingField, "\(type): field \"\(path(context.codingPath))\" is null")
        case let .typeMismatch(expected, context):
            return ProtocolError(.badField, "\(type): field \"\(path(context.codingPath))\" should be \(describeType(expected))")
        case let .dataCorrupted(context):
            let field = path(context.codingPath)
            return ProtocolError(.badField, "\(type): field \"\(field)\": \(context.debugDescription)")
        @unknown default:
            return ProtocolError(.badField, "\(type): \(error)")
        }
    }

    private static func describeType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "of type \(name)"
        }
    }
}
