/// How to show a payment product or group in a list: its place, label and logo.
public struct PaymentItemDisplayHints: Hashable, Sendable, Codable {
    /// The position in the list; lower comes first. Nil keeps the item's place unspecified.
    public var displayOrder: Int?
    /// The label the API sent (localised by the API for the context's locale), if any.
    public var label: String?
    /// The logo's path relative to the asset base URL, e.g. `/templates/.../pp_logo_1_v1.png`.
    public var logoPath: String

    /// Creates display hints.
    public init(displayOrder: Int? = nil, label: String? = nil, logoPath: String) {
        self.displayOrder = displayOrder
        self.label = label
        self.logoPath = logoPath
    }

    private enum CodingKeys: String, CodingKey { case displayOrder, label, logo }

    /// Decodes `{"displayOrder": 20, "label": "Visa", "logo": "/..."}`; `logo` is required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        displayOrder = try container.decodeIntegerIfPresent(Int.self, forKey: .displayOrder)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        logoPath = try container.decode(String.self, forKey: .logo)
    }

    /// Encodes the API's form (`logo` for ``logoPath``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(displayOrder, forKey: .displayOrder)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encode(logoPath, forKey: .logo)
    }
}
