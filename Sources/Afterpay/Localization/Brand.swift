/// The brand under which Afterpay is shown, chosen by the merchant locale.
///
/// | Merchant locale | Brand |
/// | --- | --- |
/// | en_GB | ``clearpay`` |
/// | en_AU, en_CA, fr_CA, en_NZ | ``afterpay`` |
/// | en_US, or no configuration | ``cashAppAfterpay`` |
public enum Brand: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    /// Afterpay (Australia, Canada, New Zealand).
    case afterpay
    /// Clearpay (United Kingdom).
    case clearpay
    /// Cash App Afterpay (United States). Always shown with the lockup logo.
    case cashAppAfterpay

    /// The brand's name as written, e.g. `Cash App Afterpay`.
    public var displayName: String {
        switch self {
        case .afterpay: return "Afterpay"
        case .clearpay: return "Clearpay"
        case .cashAppAfterpay: return "Cash App Afterpay"
        }
    }

    /// The name a screen reader should say, spelled so it is pronounced right: `after pay`,
    /// `clear pay`, `cash app after pay`.
    public var accessibilityName: String {
        switch self {
        case .afterpay: return "after pay"
        case .clearpay: return "clear pay"
        case .cashAppAfterpay: return "cash app after pay"
        }
    }

    /// The slug used in logo asset names: `afterpay`, `clearpay`, `cashappafterpay`.
    public var assetSlug: String {
        switch self {
        case .afterpay: return "afterpay"
        case .clearpay: return "clearpay"
        case .cashAppAfterpay: return "cashappafterpay"
        }
    }
}
