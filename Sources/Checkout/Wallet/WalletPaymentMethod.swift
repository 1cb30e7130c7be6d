/// The card the shopper picked in the wallet sheet, as the sheet describes it before
/// authorisation (PassKit's `PKPaymentMethod`): nothing secret.
public struct WalletPaymentMethod: Sendable, Hashable, Codable {
    /// The kinds of card a wallet tells apart (`PKPaymentMethodType`).
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Not known.
        case unknown
        /// A debit card.
        case debit
        /// A credit card.
        case credit
        /// A prepaid card.
        case prepaid
        /// A store card.
        case store
        /// An e-money card.
        case eMoney
    }

    /// What the sheet shows for it (`"Visa 1234"`), if anything.
    public var displayName: String?
    /// The card network (`"Visa"`), if known.
    public var network: String?
    /// The kind of card.
    public var kind: Kind

    /// Creates a payment method.
    public init(displayName: String? = nil, network: String? = nil, kind: Kind = .unknown) {
        self.displayName = displayName
        self.network = network
        self.kind = kind
    }
}
