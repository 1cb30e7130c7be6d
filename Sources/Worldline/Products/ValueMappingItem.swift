/// One entry of a list field: the value to send and how to show it.
///
/// As in the SDK, `displayName` and a display element with id `displayName` stand for each other:
/// either is filled in from the other.
public struct ValueMappingItem: Hashable, Sendable, Codable {
    /// The value to send, e.g. `ABNANL2A`.
    public var value: String
    /// The name to show, e.g. `ABN AMRO`.
    public var displayName: String?
    /// Further named values to show.
    public var displayElements: [DisplayElement]

    /// Creates an entry, reconciling `displayName` and the `displayName` element.
    public init(value: String, displayName: String? = nil, displayElements: [DisplayElement] = []) {
        self.value = value
        var elements = displayElements
        let element = elements.first { $0.id == "displayName" }
        if let displayName, element == nil {
            elements.append(DisplayElement(id: "displayName", type: .string, value: displayName))
        }
        self.displayName = displayName ?? element?.value
        self.displayElements = elements
    }

    private enum CodingKeys: String, CodingKey { case value, displayName, displayElements }

    /// Decodes `{"value": "...", "displayName": "...", "displayElements": [...]}`; `value` is required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            value: try container.decode(String.self, forKey: .value),
            displayName: try container.decodeIfPresent(String.self, forKey: .displayName),
            displayElements: try container.decodeIfPresent([DisplayElement].self, forKey: .displayElements) ?? [])
    }
}
