/// Extra help for a field: an image path and a text.
public struct Tooltip: Hashable, Sendable, Codable {
    /// The image path relative to the asset base URL.
    public var imagePath: String?
    /// The help text.
    public var label: String?

    /// Creates a tooltip.
    public init(imagePath: String? = nil, label: String? = nil) {
        self.imagePath = imagePath
        self.label = label
    }

    private enum CodingKeys: String, CodingKey { case image, label }

    /// Decodes `{"image": "/...", "label": "..."}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        imagePath = try container.decodeIfPresent(String.self, forKey: .image)
        label = try container.decodeIfPresent(String.self, forKey: .label)
    }

    /// Encodes `{"image": "/...", "label": "..."}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(imagePath, forKey: .image)
        try container.encodeIfPresent(label, forKey: .label)
    }
}
