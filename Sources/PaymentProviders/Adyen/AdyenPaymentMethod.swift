/// One entry of Adyen's `paymentMethods` list.
public struct AdyenPaymentMethod: Sendable, Hashable, Codable {
    /// The type (`scheme`, `ideal`, `giftcard`, `pix`).
    public var type: String
    /// The name to show.
    public var name: String
    /// For cards: the brands accepted (`visa`, `mc`).
    public var brands: [String]?

    /// Creates a method.
    public init(type: String, name: String, brands: [String]? = nil) {
        self.type = type
        self.name = name
        self.brands = brands
    }
}
