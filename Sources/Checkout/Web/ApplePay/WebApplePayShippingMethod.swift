public import Foundation

/// A shipping method a web page offers in its Apple Pay request or update (Apple Pay JS's
/// `ApplePayShippingMethod`). The sheet shows it as a ``ShippingMethod`` (identifier, label,
/// amount); ``detail`` is kept for the page's own record and the `paymentauthorized` reply.
///
/// ```json
/// { "identifier": "express", "label": "Express", "detail": "Next day", "amount": "7.95" }
/// ```
public struct WebApplePayShippingMethod: Sendable, Hashable, Codable {
    /// The page's identifier for the method, unique in its list.
    public var identifier: String
    /// The method's name.
    public var label: String
    /// A line under the name (`"Next day"`), if any.
    public var detail: String?
    /// What it costs, 0 or more, in the request's currency.
    public var amount: Decimal

    /// Creates a method.
    public init(identifier: String, label: String, detail: String? = nil, amount: Decimal) {
        self.identifier = identifier
        self.label = label
        self.detail = detail
        self.amount = amount
    }

    /// The method as the wallet sheet offers it, in `currencyCode`.
    public func shippingMethod(currencyCode: String) -> ShippingMethod {
        ShippingMethod(id: identifier, name: label, price: Money(amount: amount, currencyCode: currencyCode))
    }
}
