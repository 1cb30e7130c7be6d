/// The control a field is entered with.
public struct FormElement: Hashable, Sendable, Codable {
    /// The kind of control.
    public enum ElementType: String, Hashable, Sendable, Codable {
        /// A text field.
        case text
        /// A choice from ``FormElement/valueMapping``.
        case list
        /// An amount.
        case currency
        /// A switch or check box.
        case boolean
        /// A date picker.
        case date
    }

    /// The kind of control.
    public var type: ElementType
    /// The choices of a ``ElementType/list``.
    public var valueMapping: [ValueMappingItem]

    /// Creates a form element.
    public init(type: ElementType, valueMapping: [ValueMappingItem] = []) {
        self.type = type
        self.valueMapping = valueMapping
    }

    private enum CodingKeys: String, CodingKey { case type, valueMapping }

    /// Decodes `{"type": "list", "valueMapping": [...]}`; `type` is required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(ElementType.self, forKey: .type)
        valueMapping = try container.decodeIfPresent([ValueMappingItem].self, forKey: .valueMapping) ?? []
    }
}
