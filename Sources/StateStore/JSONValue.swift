import Foundation

/// A JSON value: the one JSON type actions carry (a bridge message's body, a provider's answer)
/// and the action-log reader parses.
///
/// Numbers keep their exact decimal text, never a `Double`, so amounts and ids survive a round
/// trip digit for digit; object members keep their order.
///
/// It is `Codable`. The action log's own encoder and decoders write and read it exactly as it is
/// (numbers as their text, members in order), so a replay reproduces a recorded body byte for
/// byte. Through Foundation's `JSONEncoder` and `JSONDecoder` a number travels as a `Decimal`
/// (38 significant digits; a number that no `Decimal` holds is refused when encoding), and an
/// object's members come back sorted by name.
///
/// ```swift
/// let body: JSONValue = .object([JSONMember(key: "total", value: .number("12.50"))])
/// body["total"]       // .number("12.50")
/// body.jsonText       // {"total":12.50}
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its exact text.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members in their order in the text.
    case object([JSONMember])

    /// The member named `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    /// A short name of the kind of value, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// Compact JSON text of this value: members in their order, numbers as their text.
    public var jsonText: String {
        var output: [UInt8] = []
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends compact JSON text of this value to `output`.
    package func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONText.appendQuoted(text, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONText.appendQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value. Through Foundation's `JSONDecoder` a number arrives as a `Decimal`
    /// and keeps that decimal's text; the action log's decoders keep the number's own text.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: JSONMemberKey.self) {
            // Keyed containers do not promise the text's order; sort so that the result is the
            // same on every platform.
            let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
            self = .object(
                try keys.map { JSONMember(key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0)) })
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let string = try? value.decode(String.self) {
            self = .string(string)
        } else {
            let number = try value.decode(Decimal.self)
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(in: value, debugDescription: "a JSON number must be finite")
            }
            self = .number(number.description)
        }
    }

    /// Encodes the value. Foundation's encoders take a number as a `Decimal`; a number text that no
    /// `Decimal` holds (more than 38 significant digits are rounded, an exponent past ±127 is
    /// refused) throws `EncodingError.invalidValue`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var value = encoder.singleValueContainer()
            try value.encodeNil()
        case .bool(let bool):
            var value = encoder.singleValueContainer()
            try value.encode(bool)
        case .string(let text):
            var value = encoder.singleValueContainer()
            try value.encode(text)
        case .number(let text):
            guard let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), number.isFinite
            else {
                throw EncodingError.invalidValue(
                    self,
                    EncodingError.Context(
                        codingPath: encoder.codingPath, debugDescription: "\(text) is not a number a Decimal holds")
                )
            }
            var value = encoder.singleValueContainer()
            try value.encode(number)
        case .array(let items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case .object(let members):
            var object = encoder.container(keyedBy: JSONMemberKey.self)
            for member in members { try object.encode(member.value, forKey: JSONMemberKey(member.key)) }
        }
    }
}

/// Any member name, as a coding key.
private struct JSONMemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
