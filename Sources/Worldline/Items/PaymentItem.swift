/// An entry of the payment selection list: a product on its own, or a group of products.
public enum PaymentItem: BasicPaymentItem, Hashable, Codable {
    /// A product shown by itself.
    case product(BasicPaymentProduct)
    /// A group standing for all its products (e.g. `cards`).
    case group(BasicPaymentProductGroup)

    /// The product or group id.
    public var identifier: String {
        switch self {
        case .product(let product): return product.identifier
        case .group(let group): return group.identifier
        }
    }

    /// The product's or group's display hints.
    public var displayHints: PaymentItemDisplayHints {
        switch self {
        case .product(let product): return product.displayHints
        case .group(let group): return group.displayHints
        }
    }

    /// The item's accounts on file (for a folded group: its own and its products').
    public var accountsOnFile: [AccountOnFile] {
        switch self {
        case .product(let product): return product.accountsOnFile
        case .group(let group): return group.accountsOnFile
        }
    }

    /// Whether the item is a group.
    public var isPaymentProductGroup: Bool { group != nil }

    /// The product, when the item is one.
    public var product: BasicPaymentProduct? {
        if case .product(let product) = self { return product }
        return nil
    }

    /// The group, when the item is one.
    public var group: BasicPaymentProductGroup? {
        if case .group(let group) = self { return group }
        return nil
    }

    private enum CodingKeys: String, CodingKey { case product, group }

    /// Decodes `{"product": {...}}` or `{"group": {...}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let product = try container.decodeIfPresent(BasicPaymentProduct.self, forKey: .product) {
            self = .product(product)
        } else {
            self = .group(try container.decode(BasicPaymentProductGroup.self, forKey: .group))
        }
    }

    /// Encodes `{"product": {...}}` or `{"group": {...}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .product(let product): try container.encode(product, forKey: .product)
        case .group(let group): try container.encode(group, forKey: .group)
        }
    }
}
