/// The identity of a running effect, used to cancel it.
///
/// ```swift
/// let searchID: EffectID = "search"
/// return .run(id: searchID, cancelInFlight: true) { send in ... }
/// // later
/// return .cancel(id: searchID)
/// ```
public struct EffectID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier from text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The identifier's text.
    public var description: String { rawValue }
}
