/// Why a payment guard refused to go on.
public enum PaymentGuardViolation: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount is zero or negative.
    case nonPositiveAmount(Money)
    /// The amount is not a number (`Decimal`'s NaN: what its arithmetic gives when a result is
    /// too large for it).
    case notANumber(Money)
    /// The currency has no known minor-unit digits.
    case unknownCurrency(String)
    /// The provider or the merchant does not take this currency.
    case unsupportedCurrency(String, rejectedBy: String)
    /// The amount does not fit in 64-bit minor units.
    case amountOutOfRange(Money)
    /// The total changed between presenting the payment and its result.
    case totalChanged(from: Money, to: Money)
    /// The amount asked of the provider is not the total the user was last shown.
    case amountNotShown(asked: Money, shown: Money)
    /// There is no total to pay (no cart).
    case noTotal
    /// The provider's status widget has not reported a valid schedule for the current total.
    case widgetNotReady

    /// What was wrong.
    public var description: String {
        switch self {
        case .nonPositiveAmount(let money): return "the amount \(money) is not greater than zero"
        case .notANumber(let money): return "the amount \(money) is not a number"
        case .unknownCurrency(let code): return "the currency \(code) has no known minor units"
        case .unsupportedCurrency(let code, let by): return "the currency \(code) is not supported by \(by)"
        case .amountOutOfRange(let money): return "the amount \(money) is out of range"
        case .totalChanged(let from, let to): return "the total changed from \(from) to \(to)"
        case .amountNotShown(let asked, let shown): return "the amount \(asked) is not the total shown, \(shown)"
        case .noTotal: return "there is no total to pay"
        case .widgetNotReady: return "the payment schedule has not been confirmed for the current total"
        }
    }
}
