public import StateStore

/// A partial-payment order (`order` in Adyen's responses): what is left to pay after, say, a
/// gift card paid part of the total.
public struct AdyenOrder: Sendable, Hashable, Codable {
    /// The order's PSP reference.
    public var pspReference: String
    /// The opaque (encrypted) order data sent back with the next payment. Secret.
    public var orderData: Sensitive<String>
    /// What is still due.
    public var remainingAmount: AdyenAmount
    /// The order's whole amount.
    public var amount: AdyenAmount?

    /// Creates an order.
    public init(pspReference: String, orderData: String, remainingAmount: AdyenAmount, amount: AdyenAmount? = nil) {
        self.pspReference = pspReference
        self.orderData = Sensitive(orderData)
        self.remainingAmount = remainingAmount
        self.amount = amount
    }

    /// The order reference a payment request carries: `{"pspReference", "orderData"}`.
    public var reference: AdyenOrderReference {
        AdyenOrderReference(pspReference: pspReference, orderData: orderData)
    }
}

/// The `order` of a request: which open order a payment belongs to.
public struct AdyenOrderReference: Sendable, Hashable, Codable {
    /// The order's PSP reference.
    public var pspReference: String
    /// The opaque order data. Secret.
    public var orderData: Sensitive<String>

    /// Creates a reference.
    public init(pspReference: String, orderData: String) {
        self.init(pspReference: pspReference, orderData: Sensitive(orderData))
    }

    /// Creates a reference from an order's (secret) data.
    public init(pspReference: String, orderData: Sensitive<String>) {
        self.pspReference = pspReference
        self.orderData = orderData
    }
}
