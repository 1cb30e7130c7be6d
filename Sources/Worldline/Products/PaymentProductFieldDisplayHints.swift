public import Foundation

/// How to show a field: control, mask, label, placeholder, whether to hide what is typed.
public struct PaymentProductFieldDisplayHints: Hashable, Sendable, Codable {
    /// Whether to show the field even for an account on file that has its value.
    public var alwaysShow: Bool
    /// Whether to hide what is typed (e.g. the CVV).
    public var obfuscate: Bool
    /// The field's position in the form; lower comes first.
    public var displayOrder: Int?
    /// The mask to format the value with, e.g. `{{9999}} {{9999}} {{9999}} {{9999}} {{999}}`.
    public var mask: String?
    /// The placeholder text.
    public var placeholderLabel: String?
    /// The label (localised by the API).
    public var label: String?
    /// A link to show with the field (e.g. terms and conditions).
    public var link: URL?
    /// Extra help.
    public var tooltip: Tooltip?
    /// The preferred keyboard.
    public var preferredInputType: PreferredInputType
    /// The control.
    public var formElement: FormElement

    /// Creates display hints with a text field and no mask.
    public init(
        formElement: FormElement = FormElement(type: .text), mask: String? = nil, obfuscate: Bool = false,
        displayOrder: Int? = nil, label: String? = nil, placeholderLabel: String? = nil,
        preferredInputType: PreferredInputType = .noKeyboard, alwaysShow: Bool = false, link: URL? = nil,
        tooltip: Tooltip? = nil
    ) {
        self.formElement = formElement
        self.mask = mask
        self.obfuscate = obfuscate
        self.displayOrder = displayOrder
        self.label = label
        self.placeholderLabel = placeholderLabel
        self.preferredInputType = preferredInputType
        self.alwaysShow = alwaysShow
        self.link = link
        self.tooltip = tooltip
    }

    private enum CodingKeys: String, CodingKey {
        case alwaysShow, obfuscate, displayOrder, mask, placeholderLabel, label, link, tooltip
        case preferredInputType, formElement
    }

    /// Decodes the API's form; `formElement` (with its `type`) is required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        alwaysShow = try container.decodeFlag(forKey: .alwaysShow)
        obfuscate = try container.decodeFlag(forKey: .obfuscate)
        displayOrder = try container.decodeIntegerIfPresent(Int.self, forKey: .displayOrder)
        mask = try container.decodeIfPresent(String.self, forKey: .mask)
        placeholderLabel = try container.decodeIfPresent(String.self, forKey: .placeholderLabel)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        link = try container.decodeIfPresent(String.self, forKey: .link).flatMap { URL(string: $0) }
        tooltip = try container.decodeIfPresent(Tooltip.self, forKey: .tooltip)
        preferredInputType =
            try container.decodeIfPresent(PreferredInputType.self, forKey: .preferredInputType) ?? .noKeyboard
        formElement = try container.decode(FormElement.self, forKey: .formElement)
    }

    /// Encodes the API's form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(alwaysShow, forKey: .alwaysShow)
        try container.encode(obfuscate, forKey: .obfuscate)
        try container.encodeIfPresent(displayOrder, forKey: .displayOrder)
        try container.encodeIfPresent(mask, forKey: .mask)
        try container.encodeIfPresent(placeholderLabel, forKey: .placeholderLabel)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(link?.absoluteString, forKey: .link)
        try container.encodeIfPresent(tooltip, forKey: .tooltip)
        try container.encode(preferredInputType, forKey: .preferredInputType)
        try container.encode(formElement, forKey: .formElement)
    }
}
