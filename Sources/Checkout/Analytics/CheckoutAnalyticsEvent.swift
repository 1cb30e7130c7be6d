/// An analytics event of the checkout. Events carry no personal data and no secrets: no email,
/// name, address, phone or card data; only section names, method ids, amounts, providers, order
/// ids and error codes.
public enum CheckoutAnalyticsEvent: Sendable, Hashable, Codable {
    /// The checkout started.
    case checkoutStarted(kind: CheckoutKind)
    /// A native section became complete.
    case sectionCompleted(CheckoutSection)
    /// The user chose a shipping method.
    case shippingMethodChosen(id: String, price: Money?)
    /// A payment started for `amount`.
    case paymentStarted(providerID: String, amount: Money)
    /// The checkout completed: the purchase.
    case purchase(orderID: String, total: Money?)
    /// The user left the checkout at `step` (a section name, `"web"`, `"loading"` or `"completed"`).
    case dismissed(atStep: String)
    /// An error was shown (`code` as in ``CheckoutErrorKind/code``).
    case errorShown(code: String)

    /// The event's name (`"checkout_started"`, `"purchase"`, …).
    public var name: String {
        switch self {
        case .checkoutStarted: return "checkout_started"
        case .sectionCompleted: return "section_completed"
        case .shippingMethodChosen: return "shipping_method_chosen"
        case .paymentStarted: return "payment_started"
        case .purchase: return "purchase"
        case .dismissed: return "checkout_dismissed"
        case .errorShown: return "error_shown"
        }
    }

    /// The event's parameters as text, for sinks that take a dictionary.
    public var parameters: [String: String] {
        switch self {
        case .checkoutStarted(let kind):
            return ["kind": kind.rawValue]
        case .sectionCompleted(let section):
            return ["section": section.rawValue]
        case .shippingMethodChosen(let id, let price):
            var parameters = ["method": id]
            if let price {
                parameters["price"] = price.amount.description
                parameters["currency"] = price.currencyCode
            }
            return parameters
        case .paymentStarted(let providerID, let amount):
            return ["provider": providerID, "amount": amount.amount.description, "currency": amount.currencyCode]
        case .purchase(let orderID, let total):
            var parameters = ["order_id": orderID]
            if let total {
                parameters["total"] = total.amount.description
                parameters["currency"] = total.currencyCode
            }
            return parameters
        case .dismissed(let step):
            return ["step": step]
        case .errorShown(let code):
            return ["code": code]
        }
    }
}
