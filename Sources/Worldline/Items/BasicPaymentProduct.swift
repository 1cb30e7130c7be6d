/// A payment product as listed for a context: enough to show it and pick it, without its fields.
///
/// Fetch the full ``PaymentProduct`` (with fields) once the customer picks it.
public struct BasicPaymentProduct: BasicPaymentItem, Hashable, Codable {
    /// The product id, e.g. `"1"` for Visa (the API sends a number; the SDK stores a string).
    public var identifier: String
    /// The payment method, e.g. `card`, `redirect`.
    public var paymentMethod: String
    /// The group the product belongs to (e.g. `cards`), if any.
    public var paymentProductGroup: String?
    /// How to show the product.
    public var displayHints: PaymentItemDisplayHints
    /// Stored accounts for this product.
    public var accountsOnFile: [AccountOnFile]
    /// Accounts on file of this product that were malformed and skipped, with the reason.
    public var skippedAccountsOnFile: [WorldlineDecodingError]
    /// The country of the acquirer, if the API tells.
    public var acquirerCountry: String?
    /// Whether the payment data may be stored as an account on file.
    public var allowsTokenization: Bool
    /// Whether the product can be used for recurring payments.
    public var allowsRecurring: Bool
    /// Whether the platform stores an account on file automatically.
    public var autoTokenized: Bool
    /// Whether the product supports instalments.
    public var allowsInstallments: Bool
    /// Whether a device fingerprint should be collected.
    public var deviceFingerprintEnabled: Bool
    /// Whether the payment continues on a third party's site (a redirect).
    public var usesRedirectionTo3rdParty: Bool
    /// Whether the product supports mandates.
    public var supportsMandates: Bool
    /// The authentication indicator, if any.
    public var authenticationIndicator: AuthenticationIndicator?
    /// The smallest amount (minor units) the product accepts, if limited.
    public var minAmount: Int64?
    /// The largest amount (minor units) the product accepts, if limited.
    public var maxAmount: Int64?
    /// `OPTIMISED_SUPPORT` or `BASIC_SUPPORT`, if given.
    public var mobileIntegrationLevel: String?
    /// Apple Pay specifics (product 302).
    public var paymentProduct302SpecificData: PaymentProduct302SpecificData?
    /// Google Pay specifics (product 320).
    public var paymentProduct320SpecificData: PaymentProduct320SpecificData?
    /// Product 863 specifics.
    public var paymentProduct863SpecificData: PaymentProduct863SpecificData?
    /// False: a product.
    public var isPaymentProductGroup: Bool { false }

    /// Creates a product; every flag defaults to false.
    public init(
        identifier: String, paymentMethod: String, displayHints: PaymentItemDisplayHints,
        paymentProductGroup: String? = nil, accountsOnFile: [AccountOnFile] = []
    ) {
        self.identifier = identifier
        self.paymentMethod = paymentMethod
        self.displayHints = displayHints
        self.paymentProductGroup = paymentProductGroup
        self.accountsOnFile = accountsOnFile
        skippedAccountsOnFile = []
        allowsTokenization = false
        allowsRecurring = false
        autoTokenized = false
        allowsInstallments = false
        deviceFingerprintEnabled = false
        usesRedirectionTo3rdParty = false
        supportsMandates = false
    }

    private enum CodingKeys: String, CodingKey {
        case id, paymentMethod, paymentProductGroup, displayHints, accountsOnFile, acquirerCountry
        case allowsTokenization, allowsRecurring, autoTokenized, allowsInstallments, deviceFingerprintEnabled
        case usesRedirectionTo3rdParty, supportsMandates, authenticationIndicator, minAmount, maxAmount
        case mobileIntegrationLevel, paymentProduct302SpecificData, paymentProduct320SpecificData
        case paymentProduct863SpecificData, skippedAccountsOnFile
    }

    /// Decodes the API's form; `id`, `paymentMethod` and `displayHints` (with `logo`) are required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decodeIdentifier(forKey: .id)
        paymentMethod = try container.decode(String.self, forKey: .paymentMethod)
        paymentProductGroup = try container.decodeIfPresent(String.self, forKey: .paymentProductGroup)
        displayHints = try container.decode(PaymentItemDisplayHints.self, forKey: .displayHints)
        let accounts = try container.decodeLossyArray(AccountOnFile.self, forKey: .accountsOnFile)
        accountsOnFile = accounts.elements
        skippedAccountsOnFile =
            accounts.skipped
            + (try container.decodeIfPresent([WorldlineDecodingError].self, forKey: .skippedAccountsOnFile) ?? [])
        acquirerCountry = try container.decodeIfPresent(String.self, forKey: .acquirerCountry)
        allowsTokenization = try container.decodeFlag(forKey: .allowsTokenization)
        allowsRecurring = try container.decodeFlag(forKey: .allowsRecurring)
        autoTokenized = try container.decodeFlag(forKey: .autoTokenized)
        allowsInstallments = try container.decodeFlag(forKey: .allowsInstallments)
        deviceFingerprintEnabled = try container.decodeFlag(forKey: .deviceFingerprintEnabled)
        usesRedirectionTo3rdParty = try container.decodeFlag(forKey: .usesRedirectionTo3rdParty)
        supportsMandates = try container.decodeFlag(forKey: .supportsMandates)
        authenticationIndicator = try container.decodeIfPresent(
            AuthenticationIndicator.self, forKey: .authenticationIndicator)
        minAmount = try container.decodeIntegerIfPresent(Int64.self, forKey: .minAmount)
        maxAmount = try container.decodeIntegerIfPresent(Int64.self, forKey: .maxAmount)
        mobileIntegrationLevel = try container.decodeIfPresent(String.self, forKey: .mobileIntegrationLevel)
        paymentProduct302SpecificData = try container.decodeIfPresent(
            PaymentProduct302SpecificData.self, forKey: .paymentProduct302SpecificData)
        paymentProduct320SpecificData = try container.decodeIfPresent(
            PaymentProduct320SpecificData.self, forKey: .paymentProduct320SpecificData)
        paymentProduct863SpecificData = try container.decodeIfPresent(
            PaymentProduct863SpecificData.self, forKey: .paymentProduct863SpecificData)
    }

    /// Encodes the API's form; skipped accounts on file go under `skippedAccountsOnFile` (an
    /// addition of ours, absent from API bodies) so that a decoded copy equals the original.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIdentifier(identifier, forKey: .id)
        try container.encode(paymentMethod, forKey: .paymentMethod)
        try container.encodeIfPresent(paymentProductGroup, forKey: .paymentProductGroup)
        try container.encode(displayHints, forKey: .displayHints)
        try container.encode(accountsOnFile, forKey: .accountsOnFile)
        if !skippedAccountsOnFile.isEmpty {
            try container.encode(skippedAccountsOnFile, forKey: .skippedAccountsOnFile)
        }
        try container.encodeIfPresent(acquirerCountry, forKey: .acquirerCountry)
        try container.encode(allowsTokenization, forKey: .allowsTokenization)
        try container.encode(allowsRecurring, forKey: .allowsRecurring)
        try container.encode(autoTokenized, forKey: .autoTokenized)
        try container.encode(allowsInstallments, forKey: .allowsInstallments)
        try container.encode(deviceFingerprintEnabled, forKey: .deviceFingerprintEnabled)
        try container.encode(usesRedirectionTo3rdParty, forKey: .usesRedirectionTo3rdParty)
        try container.encode(supportsMandates, forKey: .supportsMandates)
        try container.encodeIfPresent(authenticationIndicator, forKey: .authenticationIndicator)
        try container.encodeIfPresent(minAmount, forKey: .minAmount)
        try container.encodeIfPresent(maxAmount, forKey: .maxAmount)
        try container.encodeIfPresent(mobileIntegrationLevel, forKey: .mobileIntegrationLevel)
        try container.encodeIfPresent(paymentProduct302SpecificData, forKey: .paymentProduct302SpecificData)
        try container.encodeIfPresent(paymentProduct320SpecificData, forKey: .paymentProduct320SpecificData)
        try container.encodeIfPresent(paymentProduct863SpecificData, forKey: .paymentProduct863SpecificData)
    }
}
