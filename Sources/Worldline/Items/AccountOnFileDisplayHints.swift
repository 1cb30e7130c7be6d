/// How to show an account on file: its label template and logo.
public struct AccountOnFileDisplayHints: Hashable, Sendable, Codable {
    /// The attributes that make up the label, in order.
    public var labelTemplate: [LabelTemplateItem]
    /// The logo path relative to the asset base URL, if any.
    public var logoPath: String?

    /// Creates display hints.
    public init(labelTemplate: [LabelTemplateItem] = [], logoPath: String? = nil) {
        self.labelTemplate = labelTemplate
        self.logoPath = logoPath
    }

    private enum CodingKeys: String, CodingKey { case labelTemplate, logo }

    /// Decodes `{"labelTemplate": [...], "logo": "/..."}`; both are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        labelTemplate = try container.decodeIfPresent([LabelTemplateItem].self, forKey: .labelTemplate) ?? []
        logoPath = try container.decodeIfPresent(String.self, forKey: .logo)
    }

    /// Encodes the API's form (`logo` for ``logoPath``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(labelTemplate, forKey: .labelTemplate)
        try container.encodeIfPresent(logoPath, forKey: .logo)
    }
}
