public import Checkout

/// Braintree's amounts: decimal strings in major units (`"45.95"`, `"1000"` for JPY), with the
/// currency's ISO 4217 digits; extra digits are truncated toward zero, as the minor-unit guard
/// does.
public enum BraintreeAmount {
    /// `money` as the decimal string a sale carries.
    ///
    /// - Throws: `PaymentGuardViolation` for an unknown currency or an amount out of range.
    public static func string(_ money: Money) throws(PaymentGuardViolation) -> String {
        let units = try money.minorUnits()
        guard let digits = CurrencyDigits.digits(for: money.currencyCode) else {
            throw .unknownCurrency(money.currencyCode)
        }
        return string(minorUnits: units, digits: digits)
    }

    /// `units` minor units with `digits` decimals (`4595, 2` → `"45.95"`).
    public static func string(minorUnits units: Int64, digits: Int) -> String {
        let sign = units < 0 ? "-" : ""
        var text = String(units.magnitude)
        guard digits > 0 else { return sign + text }
        if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
        let split = text.index(text.endIndex, offsetBy: -digits)
        return sign + text[..<split] + "." + text[split...]
    }
}
