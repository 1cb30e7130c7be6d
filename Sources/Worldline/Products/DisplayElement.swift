/// A named value shown for an entry of a list field (e.g. a bank's name).
public struct DisplayElement: Hashable, Sendable, Codable {
    /// The kind of value.
    public enum ElementType: String, Hashable, Sendable, Codable {
        /// Text.
        case string = "STRING"
        /// An integer.
        case integer = "INTEGER"
        /// An amount.
        case currency = "CURRENCY"
        /// A percentage.
        case percentage = "PERCENTAGE"
        /// A link.
        case uri = "URI"
    }

    /// The element's name, e.g. `displayName`.
    public var id: String
    /// The kind of value.
    public var type: ElementType
    /// The value.
    public var value: String

    /// Creates an element.
    public init(id: String, type: ElementType, value: String) {
        self.id = id
        self.type = type
        self.value = value
    }
}
