/// The drop-in's `paymentMethodType`.
public enum BraintreePaymentMethodType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Unknown.
    case unknown = "Unknown"
    /// American Express.
    case amex = "AMEX"
    /// Diners Club.
    case dinersClub = "DinersClub"
    /// Discover.
    case discover = "Discover"
    /// Mastercard.
    case masterCard = "MasterCard"
    /// Visa.
    case visa = "Visa"
    /// JCB.
    case jcb = "JCB"
    /// Laser.
    case laser = "Laser"
    /// Maestro.
    case maestro = "Maestro"
    /// UnionPay.
    case unionPay = "UnionPay"
    /// Hiper.
    case hiper = "Hiper"
    /// Hipercard.
    case hipercard = "Hipercard"
    /// Solo.
    case solo = "Solo"
    /// Switch.
    case `switch` = "Switch"
    /// UK Maestro.
    case ukMaestro = "UKMaestro"
    /// PayPal.
    case payPal = "PayPal"
    /// Venmo.
    case venmo = "Venmo"
    /// Apple Pay.
    case applePay = "ApplePay"

    /// Whether this is a card (and so goes through 3-D Secure when it is on).
    public var isCard: Bool {
        switch self {
        case .unknown, .payPal, .venmo, .applePay: return false
        default: return true
        }
    }
}
