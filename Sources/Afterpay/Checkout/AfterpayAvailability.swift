public import Foundation

/// Whether Afterpay may be offered for an order, and if not, why not.
///
/// ```swift
/// switch configuration.availability(for: order.total, currencyCode: order.currency) {
/// case .available: showAfterpayOption()
/// case .unavailable(let reason): log("Afterpay hidden: \(reason)")
/// }
/// ```
public enum AfterpayAvailability: Codable, Equatable, Hashable, Sendable {
    /// Afterpay may be offered.
    case available
    /// Afterpay must not be offered.
    case unavailable(Reason)

    /// Why Afterpay is not offered.
    public enum Reason: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
        /// No configuration is set.
        case noConfiguration
        /// The consumer's language is not one the merchant region allows, so Afterpay's messaging
        /// cannot be shown (``AfterpayContext/isEnabled`` is false).
        case languageNotSupported
        /// The order is in another currency than the configuration's.
        case currencyMismatch(configured: String, order: String)
        /// The total is zero or negative.
        case notPositive
        /// The total is below the configured minimum (carried).
        case belowMinimum(Decimal)
        /// The total is above the configured maximum (carried).
        case aboveMaximum(Decimal)

        /// A sentence saying why.
        public var description: String {
            switch self {
            case .noConfiguration: return "no Afterpay configuration is set"
            case .languageNotSupported: return "the consumer's language is not offered in the merchant's region"
            case .currencyMismatch(let configured, let order):
                return "the order is in \(order) but Afterpay is configured for \(configured)"
            case .notPositive: return "the order total is not above zero"
            case .belowMinimum(let minimum): return "the order total is below the minimum of \(minimum)"
            case .aboveMaximum(let maximum): return "the order total is above the maximum of \(maximum)"
            }
        }
    }

    /// Whether Afterpay may be offered.
    public var isAvailable: Bool {
        self == .available
    }
}

extension Configuration {
    /// Whether Afterpay may be offered for an order of `total` in `currencyCode`: the currency must
    /// be the configured one (compared without regard to case) and the total within the limits,
    /// by the same inclusive rule as ``isInRange(_:)``. The currency is checked first.
    public func availability(for total: Decimal, currencyCode: String) -> AfterpayAvailability {
        guard currencyCode.uppercased() == self.currencyCode.uppercased() else {
            return .unavailable(.currencyMismatch(configured: self.currencyCode, order: currencyCode))
        }
        // NaN explicitly: Foundation's `Decimal` orders NaN below zero, but no rule should rest on that.
        guard !total.isNaN, total > 0 else { return .unavailable(.notPositive) }
        if let minimumAmount, total < minimumAmount {
            return .unavailable(.belowMinimum(minimumAmount))
        }
        guard total <= maximumAmount else { return .unavailable(.aboveMaximum(maximumAmount)) }
        return .available
    }
}

extension AfterpayContext {
    /// Like ``Configuration/availability(for:currencyCode:)``, and also unavailable without a
    /// configuration or when Afterpay cannot be shown in the consumer's language.
    public func availability(for total: Decimal, currencyCode: String) -> AfterpayAvailability {
        guard let configuration else { return .unavailable(.noConfiguration) }
        guard displayLanguage != nil else { return .unavailable(.languageNotSupported) }
        return configuration.availability(for: total, currencyCode: currencyCode)
    }
}
