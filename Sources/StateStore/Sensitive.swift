/// A secret (card number, CVV, expiry date, token) that must never reach a log, a snapshot, a
/// description or an analytics event. A URL that carries secrets in its query is a
/// ``SensitiveURL`` instead, which keeps the rest of the URL readable.
///
/// Redaction happens at the type level, not by a regular expression afterwards: a `Sensitive`
/// value encodes as the fixed marker ``redactionMarker``, describes itself as that marker, and
/// shows nothing to `dump` or a debugger's mirror. Every action and state field that holds a
/// secret uses it.
///
/// ```swift
/// enum PaymentAction: Codable, Sendable, Equatable {
///     case cardEntered(number: Sensitive<String>, lastFour: String)
/// }
/// print(PaymentAction.cardEntered(number: Sensitive("4111111111111111"), lastFour: "1111"))
/// // cardEntered(number: [REDACTED], lastFour: "1111")
/// ```
///
/// Because a log holds only the marker, a value decoded from a log is *redacted*: ``value`` is
/// `nil`. A reducer must therefore never derive state from a secret's content; carry what the
/// state needs (the last four digits, the card brand) in its own non-secret field.
public struct Sensitive<Value: Sendable>: Sendable {
    /// What every `Sensitive` value encodes and describes itself as.
    public static var redactionMarker: String { "[REDACTED]" }

    /// The secret, or `nil` when this value was decoded from a log and so was never known.
    public let value: Value?

    /// Wraps a secret.
    public init(_ value: Value) {
        self.value = value
    }

    /// A value whose secret is unknown, as read back from a log.
    ///
    /// Inlinable: a log decoder in another module makes one for every secret it reads, and called
    /// there unspecialised it looked up `Optional<Value>`'s metadata each time (some 70
    /// instructions an action of the checkout replay).
    @inlinable
    public static var redacted: Sensitive { Sensitive(storage: nil) }

    @usableFromInline
    init(storage: Value?) {
        self.value = storage
    }

    /// `true` when the secret is unknown (read back from a log).
    public var isRedacted: Bool { value == nil }
}

extension Sensitive: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Always ``redactionMarker``.
    public var description: String { Self.redactionMarker }
    /// Always ``redactionMarker``.
    public var debugDescription: String { Self.redactionMarker }
    /// A mirror with no children, so `dump` and debuggers show nothing of the secret.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension Sensitive: Equatable where Value: Equatable {
    /// Two known secrets are equal when their values are; two redacted values are equal; a known
    /// secret never equals a redacted one.
    public static func == (lhs: Sensitive, rhs: Sensitive) -> Bool {
        lhs.value == rhs.value
    }
}

extension Sensitive: Hashable where Value: Hashable {
    /// Hashes the secret (never written anywhere; only used for in-memory lookups).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension Sensitive: Encodable {
    /// Encodes ``redactionMarker``, whatever the secret.
    ///
    /// The one exception is an encoder whose `userInfo` has
    /// `CodingUserInfoKey/revealsSensitiveValues` set to `true`: it writes the secret itself
    /// (when known and `Encodable`). Only a provider adapter building the JSON its own SDK reads
    /// sets it, and what it builds is itself wrapped in a `Sensitive`; logs, snapshots and
    /// analytics encoders never set it.
    public func encode(to encoder: any Encoder) throws {
        if encoder.userInfo[.revealsSensitiveValues] as? Bool == true, let value, let secret = value as? any Encodable {
            try secret.encode(to: encoder)
            return
        }
        var container = encoder.singleValueContainer()
        try container.encode(Self.redactionMarker)
    }
}

extension CodingUserInfoKey {
    /// Set to `true` in an encoder's `userInfo` to write ``Sensitive`` and ``SensitiveURL``
    /// values in clear: for a payload handed to a payment SDK inside another `Sensitive` (the
    /// drop-in's action data, a nonce result), never for a log, a snapshot or an analytics event.
    ///
    /// ```swift
    /// let encoder = JSONEncoder()
    /// encoder.userInfo[.revealsSensitiveValues] = true
    /// let payload = Sensitive(String(decoding: try encoder.encode(action), as: UTF8.self))
    /// ```
    public static let revealsSensitiveValues: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "dev.checkoutengine.revealsSensitiveValues") else {
            preconditionFailure("a CodingUserInfoKey takes any raw value")
        }
        return key
    }()
}

extension Sensitive: Decodable where Value: Decodable {
    /// Decodes ``redactionMarker`` as a redacted value, or else the plain value (for data that
    /// legitimately carries the secret, such as a provider's response in memory).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let marker = try? container.decode(String.self), marker == Self.redactionMarker {
            self.init(storage: nil)
        } else {
            self.init(storage: try container.decode(Value.self))
        }
    }
}
