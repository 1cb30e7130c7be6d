public import Foundation

/// The e-commerce parameters an event carries about what is being bought: `currency`, `value`,
/// `items` and, on a purchase, `shipping` and `tax`, as the GA4 / Firebase convention names and
/// types them.
///
/// `value` is the sum of price × quantity of the items, shipping and tax excluded (and before a
/// cart-level discount), as the convention defines it. Only what the engine knows is sent: an
/// unknown amount is left out, never sent as 0, and `items` is left out when the lines are not
/// known (a web checkout's page reports totals, not lines). `coupon` is never sent: the checkout
/// knows a discount's amount, not a coupon code.
public struct CheckoutAnalyticsCart: Sendable, Hashable {
    /// `currency`: the ISO 4217 code of every amount here.
    public var currency: String
    /// `value`: the sum of price × quantity of the items (shipping and tax excluded), if known.
    public var value: Decimal?
    /// `shipping`: the shipping cost, if known (sent with `purchase`).
    public var shipping: Decimal?
    /// `tax`: the tax, if known (sent with `purchase`).
    public var tax: Decimal?
    /// `items`: one per cart line; empty when the lines are not known (then not sent).
    public var items: [CheckoutAnalyticsItem]

    /// Creates the parameters.
    public init(
        currency: String, value: Decimal?, shipping: Decimal? = nil, tax: Decimal? = nil,
        items: [CheckoutAnalyticsItem] = []
    ) {
        self.currency = currency
        self.value = value
        self.shipping = shipping
        self.tax = tax
        self.items = items
    }

    /// The parameters of a cart: its currency, its lines as items, and their sum as `value`
    /// (left out if that sum is not a number, which only a cart built in code can give).
    public init(cart: Cart) {
        let items = cart.lines.map(CheckoutAnalyticsItem.init(line:))
        self.init(currency: cart.currencyCode, value: Self.value(of: items), items: items)
    }

    /// The sum of price × quantity of `items`, or `nil` when it is not a number.
    public static func value(of items: [CheckoutAnalyticsItem]) -> Decimal? {
        var sum = Decimal()
        for item in items { sum += item.price * Decimal(item.quantity) }
        return sum.isNaN ? nil : sum
    }

    /// The parameters, keyed by the convention's names (absent values left out).
    public var parameters: [String: CheckoutAnalyticsValue] {
        var parameters: [String: CheckoutAnalyticsValue] = ["currency": .string(currency)]
        if let value { parameters["value"] = .decimal(value) }
        if let shipping { parameters["shipping"] = .decimal(shipping) }
        if let tax { parameters["tax"] = .decimal(tax) }
        if !items.isEmpty { parameters["items"] = .items(items) }
        return parameters
    }
}
