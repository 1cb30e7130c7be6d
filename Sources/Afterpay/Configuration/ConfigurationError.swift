public import Foundation

/// Why a ``Configuration`` was refused.
///
/// The checks run in a fixed order and the first failure wins: minimum, maximum, their ordering,
/// currency, locale. Each case carries the offending input exactly as it was given, and
/// ``failureReason`` says what was wrong in a sentence fit for a log.
public enum ConfigurationError: Error, Equatable, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// The minimum is not a plain decimal number, or it is negative. Carries the given text.
    case invalidMinimum(String)
    /// The maximum is not a plain decimal number, or it is negative. Carries the given text.
    case invalidMaximum(String)
    /// A minimum was given and it is not strictly below the maximum (equal values fail too).
    case invalidOrdering(minimum: String, maximum: String)
    /// The currency is not one of AUD, CAD, GBP, NZD or USD (upper case, as ISO 4217 writes them).
    case invalidCurrencyCode(String)
    /// The locale is not exactly one of en_AU, en_CA, fr_CA, en_GB, en_NZ or en_US.
    case invalidLocale(Locale)

    /// What was wrong, in the words of Afterpay's SDK, e.g.
    /// `Minimum (abc) is not convertible to a positive Decimal number`.
    public var failureReason: String? {
        switch self {
        case .invalidMinimum(let minimum):
            return "Minimum (\(minimum)) is not convertible to a positive Decimal number"
        case .invalidMaximum(let maximum):
            return "Maximum (\(maximum)) is not convertible to a positive Decimal number"
        case .invalidOrdering(let minimum, let maximum):
            return "Minimum (\(minimum)) is not strictly less than maximum (\(maximum))"
        case .invalidCurrencyCode(let currencyCode):
            return "Currency code (\(currencyCode)) is not valid"
        case .invalidLocale(let locale):
            return "Locale with identifier (\(locale.identifier)) is not valid"
        }
    }

    /// The same sentence as ``failureReason``, so `localizedDescription` is readable too.
    public var errorDescription: String? {
        failureReason
    }

    /// The same sentence as ``failureReason``.
    public var description: String {
        failureReason ?? "Invalid Afterpay configuration"
    }
}
