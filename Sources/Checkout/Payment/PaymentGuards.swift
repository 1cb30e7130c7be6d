/// The rules that protect the user's money, as pure functions (no state, no I/O), each tested
/// alone. The payment reducer runs them before every step that moves money.
///
/// ```swift
/// try PaymentGuards.requirePositive(total)
/// try PaymentGuards.requireSupportedCurrency(total.currencyCode, provider: adyen, merchantCurrencies: ["GBP"])
/// let units = try PaymentGuards.minorUnits(of: total, provider: adyen)
/// try PaymentGuards.requireShownAmount(asked: total, shown: state.displayedTotal)
/// ```
///
/// Every guard that takes an amount refuses NaN first, explicitly. `Decimal`'s arithmetic gives
/// NaN when a result is too large for it, and Foundation's `Decimal` does not compare NaN as
/// IEEE floating point does: NaN equals NaN, and is less than zero. So "the amount asked equals
/// the amount shown" would pass two NaNs, and only the explicit check refuses them.
public enum PaymentGuards {
    /// The amount must be a number (not NaN).
    public static func requireNumber(_ amount: Money) throws(PaymentGuardViolation) {
        guard !amount.amount.isNaN else { throw .notANumber(amount) }
    }

    /// The amount must be a number greater than zero.
    public static func requirePositive(_ amount: Money) throws(PaymentGuardViolation) {
        try requireNumber(amount)
        guard amount.isPositive else { throw .nonPositiveAmount(amount) }
    }

    /// The currency must have known minor units, and be taken by the provider and the merchant
    /// (`nil` sets mean "any").
    public static func requireSupportedCurrency(
        _ currencyCode: String, provider: PaymentProviderDescriptor, merchantCurrencies: Set<String>?
    ) throws(PaymentGuardViolation) {
        let code = currencyCode.uppercased()
        guard CurrencyDigits.digits(for: code, overrides: provider.minorUnitOverrides) != nil else {
            throw .unknownCurrency(code)
        }
        if let supported = provider.supportedCurrencies, !supported.contains(code) {
            throw .unsupportedCurrency(code, rejectedBy: provider.id)
        }
        if let merchantCurrencies, !merchantCurrencies.contains(code) {
            throw .unsupportedCurrency(code, rejectedBy: "merchant")
        }
    }

    /// The amount in the provider's minor units: ISO 4217 digits with the provider's exceptions,
    /// truncated toward zero.
    public static func minorUnits(
        of amount: Money, provider: PaymentProviderDescriptor
    ) throws(PaymentGuardViolation) -> Int64 {
        try amount.minorUnits(overrides: provider.minorUnitOverrides)
    }

    /// The total must be unchanged between presenting the payment and its result; otherwise the
    /// payment restarts with the new total.
    public static func requireUnchangedTotal(presented: Money, current: Money?) throws(PaymentGuardViolation) {
        guard let current else { throw .noTotal }
        try requireNumber(presented)
        try requireNumber(current)
        guard presented == current else { throw .totalChanged(from: presented, to: current) }
    }

    /// The amount asked of a provider (or that a provider says it took) must be the total the
    /// user was last shown, and both must be numbers.
    public static func requireShownAmount(asked: Money, shown: Money?) throws(PaymentGuardViolation) {
        guard let shown else { throw .noTotal }
        try requireNumber(asked)
        try requireNumber(shown)
        guard asked == shown else { throw .amountNotShown(asked: asked, shown: shown) }
    }

    /// Every guard for starting a payment of `shown` with `provider`: positive, supported
    /// currency, representable in minor units. Returns the minor units.
    public static func checkStart(
        shown: Money?, provider: PaymentProviderDescriptor, merchantCurrencies: Set<String>?
    ) throws(PaymentGuardViolation) -> Int64 {
        guard let shown else { throw .noTotal }
        try requirePositive(shown)
        try requireSupportedCurrency(shown.currencyCode, provider: provider, merchantCurrencies: merchantCurrencies)
        return try minorUnits(of: shown, provider: provider)
    }
}
