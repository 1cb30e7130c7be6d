public import Foundation

/// A line of a web page's Apple Pay request or update (Apple Pay JS's `ApplePayLineItem`): a label
/// and an amount in the request's currency, read from the page's decimal text, never through a
/// binary floating-point number.
///
/// ```json
/// { "label": "Express delivery", "amount": "7.95" }
/// ```
public struct WebApplePayLine: Sendable, Hashable, Codable {
    /// What the sheet shows for the line.
    public var label: String
    /// The amount in major units (negative for a discount line).
    public var amount: Decimal

    /// Creates a line.
    public init(label: String, amount: Decimal) {
        self.label = label
        self.amount = amount
    }

    /// The line as the wallet sheet shows it, in `currencyCode`.
    public func summaryItem(kind: WalletSummaryItem.Kind, currencyCode: String) -> WalletSummaryItem {
        WalletSummaryItem(kind: kind, label: label, amount: Money(amount: amount, currencyCode: currencyCode))
    }
}
