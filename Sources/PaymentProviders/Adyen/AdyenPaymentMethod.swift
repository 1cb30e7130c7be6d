public import StateStore

/// One entry of Adyen's `paymentMethods` list, as far as the checkout's own screens read it (the
/// whole entry stays in ``AdyenPaymentMethodsResponse/json`` for the drop-in).
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

    /// The entry as Adyen writes it: `{"type": …, "name": …, "brands": […]}`.
    public var json: JSONValue {
        var members = [JSONMember(key: "type", value: .string(type)), JSONMember(key: "name", value: .string(name))]
        if let brands { members.append(JSONMember(key: "brands", value: .array(brands.map(JSONValue.string)))) }
        return .object(members)
    }
}
