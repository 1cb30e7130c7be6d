/// A value the customer typed, which may be a card number, CVV or expiry date.
///
/// Redaction happens here, at the type, so that no later formatting step can leak the value:
/// `description`, `debugDescription`, `dump`/`Mirror`, string interpolation and `Encodable` all
/// yield ``redacted``. Only ``revealed`` gives the value, and only this module calls it, on the
/// paths that format, validate and encrypt it.
struct SensitiveString: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, Encodable
{
    static let redacted = "<redacted>"

    let revealed: String

    init(_ value: String) {
        revealed = value
    }

    var description: String { Self.redacted }
    var debugDescription: String { Self.redacted }
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.redacted)
    }
}
