import Foundation

/// Whether a Checkout API answer made for the wallet sheet can be shown in it: the backend is
/// untrusted, and a summary built from an answer that contradicts itself would show the shopper
/// one total and ask the provider for another.
enum WalletSheetUpdateCheck {
    /// What is wrong with `details` for a sheet in `currencyCode`, or `nil` when nothing is.
    /// `expectedMethodID` is the method the call selected, which the answer must have selected.
    static func problem(
        in details: CheckoutDetails, currencyCode: String, expectedMethodID: String?
    ) -> String? {
        let cart = details.cart
        let currency = cart.currencyCode.uppercased()
        if currency != currencyCode.uppercased() {
            return "the cart is in \(currency), the sheet in \(currencyCode)"
        }
        var seen = Set<String>()
        for method in details.shippingMethods {
            guard seen.insert(method.id).inserted else { return "the shipping method \(method.id) is offered twice" }
            guard method.price.currencyCode == currency else {
                return "the shipping method \(method.id) is priced in \(method.price.currencyCode)"
            }
        }
        let selected = details.selectedShippingMethodID
        if let expectedMethodID, selected != expectedMethodID {
            return "the shipping method \(selected ?? "none") is selected, not \(expectedMethodID)"
        }
        let price: Decimal
        if let selected {
            guard let method = details.shippingMethods.first(where: { $0.id == selected }) else {
                return "the selected shipping method \(selected) is not offered"
            }
            price = method.price.amount
        } else {
            price = 0
        }
        let totals = cart.totals
        if totals.shipping != price {
            return "the shipping total \(totals.shipping) is not the method's price \(price)"
        }
        let sum = totals.subtotal + totals.shipping - totals.discount
        if sum.isNaN || totals.total != sum {
            return "the total \(totals.total) is not subtotal + shipping - discount (\(sum))"
        }
        return nil
    }
}
