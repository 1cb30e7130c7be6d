/// One line of the summary a wallet sheet shows (PassKit's `PKPaymentSummaryItem`). The engine
/// builds the summary from the checkout's cart, and the last line is always the total: the
/// amount the shopper authorises, labelled with the merchant's name.
///
/// ```swift
/// PKPaymentSummaryItem(label: item.label, amount: NSDecimalNumber(decimal: item.amount.amount))
/// ```
public struct WalletSummaryItem: Sendable, Hashable, Codable {
    /// What a line is, so a host can relabel it in the shopper's language.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The sum of the cart's lines.
        case subtotal
        /// The selected shipping method's price.
        case shipping
        /// The discount, as a negative amount.
        case discount
        /// The total to pay: the last line.
        case total
        /// A line a web checkout's page named (its Apple Pay request's `lineItems`): shown with the
        /// page's label.
        case item
    }

    /// What the line is.
    public var kind: Kind
    /// The label to show.
    public var label: String
    /// The amount (negative for a discount).
    public var amount: Money

    /// Creates a line.
    public init(kind: Kind, label: String, amount: Money) {
        self.kind = kind
        self.label = label
        self.amount = amount
    }

    /// The summary of `cart`: subtotal, shipping (when a method is selected), discount (when
    /// there is one), and the total labelled `merchantName`.
    public static func summary(
        of cart: Cart, shippingMethod: ShippingMethod?, merchantName: String
    ) -> [WalletSummaryItem] {
        let currency = cart.currencyCode
        var items = [
            WalletSummaryItem(
                kind: .subtotal, label: "Subtotal", amount: Money(amount: cart.totals.subtotal, currencyCode: currency))
        ]
        if let shippingMethod {
            items.append(
                WalletSummaryItem(
                    kind: .shipping, label: shippingMethod.name,
                    amount: Money(amount: cart.totals.shipping, currencyCode: currency)))
        }
        if cart.totals.discount > 0 {
            items.append(
                WalletSummaryItem(
                    kind: .discount, label: "Discount",
                    amount: Money(amount: -cart.totals.discount, currencyCode: currency)))
        }
        items.append(WalletSummaryItem(kind: .total, label: merchantName, amount: cart.total))
        return items
    }
}

extension Array where Element == WalletSummaryItem {
    /// The total: the last line's amount, when it is a total line.
    public var total: Money? {
        guard let last, last.kind == .total else { return nil }
        return last.amount
    }
}
