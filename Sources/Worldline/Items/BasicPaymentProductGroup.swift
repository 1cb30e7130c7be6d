/// A group of payment products shown as one item (e.g. `cards`), as listed for a context.
public struct BasicPaymentProductGroup: BasicPaymentItem, Hashable, Codable {
    /// The group id, e.g. `cards` (a string; the API never sends a number here).
    public var identifier: String
    /// How to show the group.
    public var displayHints: PaymentItemDisplayHints
    /// Stored accounts of the group's products.
    public var accountsOnFile: [AccountOnFile]
    /// Whether a device fingerprint should be collected.
    public var deviceFingerprintEnabled: Bool
    /// Whether the group supports instalments.
    public var allowsInstallments: Bool
    /// True: a group.
    public var isPaymentProductGroup: Bool { true }

    /// Creates a group.
    public init(
        identifier: String, displayHints: PaymentItemDisplayHints, accountsOnFile: [AccountOnFile] = [],
        deviceFingerprintEnabled: Bool = false, allowsInstallments: Bool = false
    ) {
        self.identifier = identifier
        self.displayHints = displayHints
        self.accountsOnFile = accountsOnFile
        self.deviceFingerprintEnabled = deviceFingerprintEnabled
        self.allowsInstallments = allowsInstallments
    }

    private enum CodingKeys: String, CodingKey {
        case id, displayHints, accountsOnFile, deviceFingerprintEnabled, allowsInstallments
    }

    /// Decodes the API's form; `id` (a string) and `displayHints` are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .id)
        displayHints = try container.decode(PaymentItemDisplayHints.self, forKey: .displayHints)
        accountsOnFile = try container.decodeLossyArray(AccountOnFile.self, forKey: .accountsOnFile).elements
        deviceFingerprintEnabled = try container.decodeFlag(forKey: .deviceFingerprintEnabled)
        allowsInstallments = try container.decodeFlag(forKey: .allowsInstallments)
    }

    /// Encodes the API's form (`id` for ``identifier``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .id)
        try container.encode(displayHints, forKey: .displayHints)
        try container.encode(accountsOnFile, forKey: .accountsOnFile)
        try container.encode(deviceFingerprintEnabled, forKey: .deviceFingerprintEnabled)
        try container.encode(allowsInstallments, forKey: .allowsInstallments)
    }
}
